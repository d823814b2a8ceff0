/**
 * Regions for the demo seed: Norway's 15 fylker of 2024 with their 357 kommuner, and Sweden's
 * 21 län with their 290 kommuner. Regions are fylker/län; the app calls the kommuner counties.
 */
import type { RegionCountry } from '../../../src/domain/locations';

export interface SeedRegion {
  name: string;
  country: RegionCountry;
  counties: string[];
}

const list = (names: string) => names.split(',').map((n) => n.trim()).filter(Boolean);

export const NORWAY: SeedRegion[] = [
  { name: 'Oslo', counties: list('Oslo') },
  { name: 'Rogaland', counties: list(`Stavanger, Sandnes, Haugesund, Karmøy, Sola, Time, Klepp, Hå, Eigersund, Tysvær,
    Strand, Randaberg, Gjesdal, Vindafjord, Sauda, Suldal, Bjerkreim, Hjelmeland, Lund, Sokndal, Bokn, Kvitsøy, Utsira`) },
  { name: 'Møre og Romsdal', counties: list(`Ålesund, Molde, Kristiansund, Haram, Sula, Hustadvika, Volda, Ørsta, Giske,
    Herøy, Ulstein, Sykkylven, Rauma, Sunndal, Hareid, Vestnes, Surnadal, Averøy, Aukra, Stranda, Fjord, Aure, Tingvoll,
    Vanylven, Gjemnes, Sande, Smøla`) },
  { name: 'Nordland', counties: list(`Bodø, Rana, Narvik, Vefsn, Vestvågøy, Vågan, Fauske, Sortland, Alstahaug, Hadsel,
    Brønnøy, Meløy, Andøy, Saltdal, Hemnes, Øksnes, Bø, Steigen, Leirfjord, Herøy, Gildeskål, Hamarøy, Sømna, Lødingen,
    Sørfold, Dønna, Grane, Hattfjelldal, Evenes, Flakstad, Lurøy, Nesna, Vega, Bindal, Moskenes, Rødøy, Beiarn, Værøy,
    Vevelstad, Røst, Træna`) },
  { name: 'Østfold', counties: list('Fredrikstad, Sarpsborg, Moss, Halden, Indre Østfold, Råde, Våler, Rakkestad, Hvaler, Skiptvet, Marker, Aremark') },
  { name: 'Akershus', counties: list(`Bærum, Asker, Lillestrøm, Nordre Follo, Ullensaker, Lørenskog, Eidsvoll, Ås, Nittedal,
    Nesodden, Rælingen, Aurskog-Høland, Vestby, Frogn, Nes, Enebakk, Nannestad, Gjerdrum, Lunner, Jevnaker, Hurdal`) },
  { name: 'Buskerud', counties: list(`Drammen, Kongsberg, Ringerike, Lier, Øvre Eiker, Modum, Hole, Gol, Hol, Sigdal, Nesbyen,
    Ål, Flesberg, Nore og Uvdal, Krødsherad, Hemsedal, Rollag, Flå`) },
  { name: 'Innlandet', counties: list(`Ringsaker, Hamar, Lillehammer, Gjøvik, Stange, Elverum, Kongsvinger, Østre Toten,
    Vestre Toten, Gran, Løten, Sør-Odal, Nordre Land, Trysil, Åsnes, Tynset, Eidskog, Sel, Øyer, Ringebu, Nord-Fron, Gausdal,
    Søndre Land, Nord-Odal, Åmot, Våler, Nord-Aurdal, Grue, Sør-Fron, Vågå, Sør-Aurdal, Stor-Elvdal, Dovre, Lom,
    Lesja, Skjåk, Alvdal, Vestre Slidre, Øystre Slidre, Tolga, Rendalen, Folldal, Os, Vang, Etnedal, Engerdal`) },
  { name: 'Vestfold', counties: list('Sandefjord, Larvik, Tønsberg, Horten, Færder, Holmestrand') },
  { name: 'Telemark', counties: list(`Skien, Porsgrunn, Bamble, Notodden, Kragerø, Midt-Telemark, Nome, Tinn, Vinje, Drangedal,
    Seljord, Siljan, Kviteseid, Tokke, Hjartdal, Nissedal, Fyresdal`) },
  { name: 'Agder', counties: list(`Kristiansand, Arendal, Grimstad, Lindesnes, Vennesla, Lillesand, Lyngdal, Farsund,
    Flekkefjord, Tvedestrand, Kvinesdal, Froland, Risør, Birkenes, Evje og Hornnes, Gjerstad, Vegårshei, Åmli, Iveland,
    Sirdal, Hægebostad, Valle, Åseral, Bygland, Bykle`) },
  { name: 'Vestland', counties: list(`Bergen, Øygarden, Bjørnafjorden, Askøy, Alver, Sunnfjord, Stord, Kinn, Voss, Kvinnherad,
    Sogndal, Bømlo, Ullensvang, Osterøy, Kvam, Stryn, Stad, Austevoll, Gloppen, Luster, Sveio, Etne, Årdal, Høyanger, Fitjar,
    Tysnes, Vaksdal, Askvoll, Fjaler, Vik, Lærdal, Gulen, Samnanger, Bremanger, Masfjorden, Austrheim, Aurland, Hyllestad,
    Eidfjord, Ulvik, Solund, Fedje, Modalen`) },
  { name: 'Trøndelag', counties: list(`Trondheim, Stjørdal, Levanger, Steinkjer, Namsos, Melhus, Orkland, Verdal, Malvik,
    Indre Fosen, Ørland, Skaun, Nærøysund, Oppdal, Inderøy, Midtre Gauldal, Frøya, Hitra, Røros, Selbu, Åfjord, Heim, Overhalla,
    Rennebu, Frosta, Grong, Holtålen, Meråker, Snåsa, Rindal, Flatanger, Høylandet, Lierne, Osen, Namsskogan, Tydal, Leka,
    Røyrvik`) },
  { name: 'Troms', counties: list(`Tromsø, Harstad, Senja, Målselv, Balsfjord, Bardu, Nordreisa, Lyngen, Skjervøy, Kvæfjord,
    Tjeldsund, Salangen, Karlsøy, Storfjord, Sørreisa, Kåfjord, Ibestad, Lavangen, Gratangen, Dyrøy, Kvænangen`) },
  { name: 'Finnmark', counties: list(`Alta, Hammerfest, Sør-Varanger, Vadsø, Porsanger, Kautokeino, Tana, Nordkapp, Karasjok,
    Båtsfjord, Vardø, Lebesby, Måsøy, Loppa, Nesseby, Hasvik, Gamvik, Berlevåg`) },
].map((r) => ({ ...r, country: 'NO' as const }));

export const SWEDEN: SeedRegion[] = [
  { name: 'Stockholms län', counties: list(`Stockholm, Huddinge, Nacka, Botkyrka, Södertälje, Haninge, Järfälla, Solna, Täby,
    Sollentuna, Norrtälje, Sundbyberg, Lidingö, Tyresö, Värmdö, Österåker, Upplands Väsby, Sigtuna, Vallentuna, Danderyd,
    Ekerö, Upplands-Bro, Nynäshamn, Salem, Nykvarn, Vaxholm`) },
  { name: 'Uppsala län', counties: list('Uppsala, Enköping, Östhammar, Knivsta, Tierp, Håbo, Heby, Älvkarleby') },
  { name: 'Södermanlands län', counties: list('Eskilstuna, Nyköping, Strängnäs, Katrineholm, Flen, Oxelösund, Trosa, Gnesta, Vingåker') },
  { name: 'Östergötlands län', counties: list(`Linköping, Norrköping, Motala, Mjölby, Finspång, Söderköping, Åtvidaberg,
    Vadstena, Kinda, Valdemarsvik, Ödeshög, Boxholm, Ydre`) },
  { name: 'Jönköpings län', counties: list(`Jönköping, Värnamo, Nässjö, Vetlanda, Gislaved, Tranås, Habo, Eksjö, Vaggeryd,
    Sävsjö, Gnosjö, Mullsjö, Aneby`) },
  { name: 'Kronobergs län', counties: list('Växjö, Ljungby, Älmhult, Alvesta, Tingsryd, Markaryd, Uppvidinge, Lessebo') },
  { name: 'Kalmar län', counties: list(`Kalmar, Västervik, Oskarshamn, Nybro, Vimmerby, Mörbylånga, Hultsfred, Mönsterås,
    Borgholm, Emmaboda, Torsås, Högsby`) },
  { name: 'Gotlands län', counties: list('Gotland') },
  { name: 'Blekinge län', counties: list('Karlskrona, Ronneby, Karlshamn, Sölvesborg, Olofström') },
  { name: 'Skåne län', counties: list(`Malmö, Helsingborg, Lund, Kristianstad, Landskrona, Trelleborg, Hässleholm, Ängelholm,
    Vellinge, Eslöv, Ystad, Kävlinge, Staffanstorp, Lomma, Höganäs, Burlöv, Svedala, Sjöbo, Klippan, Skurup, Simrishamn,
    Höör, Åstorp, Svalöv, Båstad, Hörby, Tomelilla, Bjuv, Östra Göinge, Bromölla, Osby, Örkelljunga, Perstorp`) },
  { name: 'Hallands län', counties: list('Halmstad, Kungsbacka, Varberg, Falkenberg, Laholm, Hylte') },
  { name: 'Västra Götalands län', counties: list(`Göteborg, Borås, Mölndal, Trollhättan, Skövde, Uddevalla, Kungälv,
    Lidköping, Alingsås, Vänersborg, Lerum, Partille, Härryda, Stenungsund, Falköping, Mark, Ale, Ulricehamn, Mariestad,
    Tjörn, Orust, Lysekil, Vara, Öckerö, Strömstad, Götene, Tanum, Skara, Tidaholm, Lilla Edet, Hjo, Tranemo, Vårgårda,
    Bollebygd, Tibro, Munkedal, Svenljunga, Herrljunga, Åmål, Sotenäs, Töreboda, Bengtsfors, Mellerud, Karlsborg, Grästorp,
    Färgelanda, Essunga, Gullspång, Dals-Ed`) },
  { name: 'Värmlands län', counties: list(`Karlstad, Kristinehamn, Arvika, Säffle, Hammarö, Sunne, Kil, Torsby, Hagfors,
    Forshaga, Grums, Årjäng, Eda, Filipstad, Storfors, Munkfors`) },
  { name: 'Örebro län', counties: list(`Örebro, Karlskoga, Kumla, Lindesberg, Hallsberg, Askersund, Nora, Lekeberg, Degerfors,
    Hällefors, Laxå, Ljusnarsberg`) },
  { name: 'Västmanlands län', counties: list(`Västerås, Köping, Sala, Fagersta, Hallstahammar, Arboga, Surahammar, Kungsör,
    Norberg, Skinnskatteberg`) },
  { name: 'Dalarnas län', counties: list(`Falun, Borlänge, Ludvika, Avesta, Mora, Leksand, Hedemora, Säter, Rättvik,
    Malung-Sälen, Gagnef, Smedjebacken, Orsa, Älvdalen, Vansbro`) },
  { name: 'Gävleborgs län', counties: list(`Gävle, Sandviken, Hudiksvall, Bollnäs, Söderhamn, Ljusdal, Ovanåker, Hofors,
    Nordanstig, Ockelbo`) },
  { name: 'Västernorrlands län', counties: list('Sundsvall, Örnsköldsvik, Härnösand, Timrå, Kramfors, Sollefteå, Ånge') },
  { name: 'Jämtlands län', counties: list('Östersund, Krokom, Strömsund, Åre, Härjedalen, Berg, Bräcke, Ragunda') },
  { name: 'Västerbottens län', counties: list(`Umeå, Skellefteå, Lycksele, Vännäs, Vindeln, Robertsfors, Nordmaling,
    Vilhelmina, Storuman, Norsjö, Åsele, Malå, Dorotea, Sorsele, Bjurholm`) },
  { name: 'Norrbottens län', counties: list(`Luleå, Piteå, Boden, Kiruna, Gällivare, Kalix, Älvsbyn, Haparanda, Arvidsjaur,
    Jokkmokk, Pajala, Övertorneå, Överkalix, Arjeplog`) },
].map((r) => ({ ...r, country: 'SE' as const }));

export const SEED_REGIONS: SeedRegion[] = [...NORWAY, ...SWEDEN];
