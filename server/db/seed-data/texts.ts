/**
 * The words of the demo data, per language: Norwegian bokmål (`nb`), Swedish (`sv`) and English
 * (`en`). Every text of one listing or company comes from one language's entries, so a listing
 * never mixes languages. `{city}` and `{company}` are filled in by the generator (demo.ts).
 *
 * Keyed by the seeded taxonomy's English names (taxonomy.ts); a test checks every category and
 * sub-category has its texts.
 */

export type DemoLanguage = 'nb' | 'sv' | 'en';

export interface SubCategoryTexts {
  /** Listing names, each with `{city}`; a company's first, second and third listing in the sub-category. */
  names: readonly [string, string, string];
  /** The card text (at most 150 characters once filled in). */
  short: string;
  /** The first paragraph of the description. */
  about: string;
  /** What is included, as a bulleted list. */
  bullets: readonly [string, string, string];
}

export interface CategoryTexts {
  /** The trade word in company names ('Selskapslokaler' in 'Fjordtunet Selskapslokaler AS'). */
  trade: string;
  /** The company's card text, with `{city}`. */
  companyShort: string;
  /** The company's first paragraph, with `{company}` and `{city}`. */
  companyAbout: string;
  /** The second paragraph of a listing's description. */
  about: string;
  subCategories: Record<string, SubCategoryTexts>;
}

export interface LanguageTexts {
  categories: Record<string, CategoryTexts>;
  /** Heading above the bulleted list. */
  included: string;
  /** Last paragraphs of a listing, with `{company}` and `{city}`; one is picked per listing. */
  closings: readonly string[];
  /** Last paragraph of a company's description, with `{city}`. */
  companyClosings: readonly string[];
}

const nb: LanguageTexts = {
  included: 'Dette er inkludert',
  closings: [
    'Ta kontakt med {company} for et uforpliktende tilbud. Vi holder til i {city} og svarer som regel samme dag.',
    'Send oss en melding med dato, antall gjester og hva dere ønsker, så lager vi et forslag til dere. Vi dekker {city} og omegn.',
    'Vi i {company} har mange års erfaring fra arrangementer i {city}. Ring eller skriv til oss, så finner vi en løsning som passer budsjettet.',
    'Lurer dere på noe? Vi tar gjerne et møte i {city} eller en prat på telefon før dere bestemmer dere.',
  ],
  companyClosings: [
    'Vi holder til i {city} og tar oppdrag i hele regionen.',
    'Kontoret vårt ligger sentralt i {city}, og dere er velkommen innom for en kopp kaffe og en prat.',
    'Vi er et lite og engasjert team i {city} som setter stor pris på fornøyde kunder.',
  ],
  categories: {
    Venues: {
      trade: 'Selskapslokaler',
      companyShort: 'Selskapslokaler og møterom i {city}.',
      companyAbout: '{company} leier ut lokaler til bryllup, jubileer, minnesamvær og firmaarrangementer i {city}.',
      about: 'Lokalet kan tilpasses både små og store selskap, og vi hjelper dere med bordplassering, teknisk utstyr og samarbeid med cateringfirma.',
      subCategories: {
        'Banquet halls': {
          names: ['Selskapslokale for bryllup – {city}', 'Festsal med plass til 150 – {city}', 'Ballsal med scene – {city}'],
          short: 'Lys og romslig festsal i {city} for middag, tale og dans til langt på natt.',
          about: 'Festsalen vår har høyt under taket, store vinduer og plass til opptil 150 gjester ved runde bord eller langbord. Her kan dere holde middag, taler og dans i samme rom.',
          bullets: ['Bord, stoler og duker til alle gjestene', 'Dansegulv og scene med lydanlegg', 'Garderobe og egen inngang'],
        },
        'Outdoor venues': {
          names: ['Hagefest på gården – {city}', 'Vielse i friluft ved sjøen – {city}', 'Låve og tun til selskap – {city}'],
          short: 'Tun, hage og låve like utenfor {city} for vielse og fest under åpen himmel.',
          about: 'Gården ligger landlig til med utsikt over vannet. Dere kan ha vielsen i hagen, middagen i den gamle låven og dansen på tunet når sommerkvelden er lys.',
          bullets: ['Klargjort plass til vielse i hagen', 'Telt eller låve som reserve ved regn', 'Parkering for gjestene'],
        },
        'Conference centres': {
          names: ['Konferansesenter med grupperom – {city}', 'Møtelokaler og dagpakke – {city}', 'Kurs og seminar i sentrum – {city}'],
          short: 'Moderne møterom i {city} med dagpakke, lunsj og teknisk utstyr.',
          about: 'Vi har en stor konferansesal og flere grupperom i ulike størrelser. Alle rommene har skjerm, mikrofon og god nettdekning, og lunsjen serveres i kantinen vår.',
          bullets: ['Dagpakke med lunsj og kaffepauser', 'Grupperom for inntil 12 personer', 'Resepsjon med navneskilt og registrering'],
        },
      },
    },
    Catering: {
      trade: 'Catering',
      companyShort: 'Catering til selskap og firmafester i {city}.',
      companyAbout: '{company} lager mat til bryllup, konfirmasjoner og firmafester i {city} med omegn.',
      about: 'Vi bruker lokale råvarer etter sesong og tilpasser menyen til allergier og ønsker. Kokkene våre lager maten på stedet, og servitørene rydder etter seg.',
      subCategories: {
        Buffet: {
          names: ['Koldtbord og varm buffet – {city}', 'Sjømatbuffet til selskap – {city}', 'Tapasbuffet til firmafest – {city}'],
          short: 'Rikholdig buffet i {city} med varme retter, salater og hjemmebakt brød.',
          about: 'Buffeten vår har varme og kalde retter, salater og hjemmebakt brød, og den settes opp slik at gjestene slipper lange køer. Vi kan også servere nattmat når festen drar ut.',
          bullets: ['Varme og kalde retter etter sesong', 'Vegetar- og glutenfrie alternativer', 'Nattmat etter midnatt'],
        },
        'Plated dinner': {
          names: ['Treretters middag servert ved bordet – {city}', 'Festmiddag med vinmeny – {city}', 'Gourmetmiddag til bryllup – {city}'],
          short: 'Festmiddag i {city} servert ved bordet, med vin valgt til hver rett.',
          about: 'Vi serverer en treretters festmiddag ved bordet, med forrett, hovedrett og dessert. Kjøkkensjefen setter sammen menyen med dere, og vi anbefaler gjerne vin til hver rett.',
          bullets: ['Smaksprøve av menyen før dere bestemmer dere', 'Servitører gjennom hele middagen', 'Vinmeny tilpasset rettene'],
        },
        'Bar service': {
          names: ['Mobil bar med bartender – {city}', 'Cocktailbar til bryllupet – {city}', 'Alkoholfri drinkbar – {city}'],
          short: 'Mobil bar og erfarne bartendere i {city}, med egne cocktails til festen.',
          about: 'Vi kommer med en komplett bar, is, glass og bartendere som lager drinker gjennom hele kvelden. Sammen lager vi en egen cocktail til arrangementet, og det finnes alltid gode alkoholfrie alternativer.',
          bullets: ['Komplett bar med glass og is', 'Egen drinkmeny til arrangementet', 'Alkoholfrie drinker og mocktails'],
        },
      },
    },
    'Photo & Video': {
      trade: 'Foto',
      companyShort: 'Fotograf og video til bryllup og arrangementer i {city}.',
      companyAbout: '{company} er et fotostudio i {city} som fotograferer bryllup, portretter og arrangementer.',
      about: 'Alle bildene redigeres for hånd og leveres i et privat nettgalleri, klare til å deles med familie og venner. Vi kan også lage et trykt fotoalbum.',
      subCategories: {
        'Wedding photography': {
          names: ['Bryllupsfotograf hele dagen – {city}', 'Naturlige bryllupsbilder – {city}', 'Bryllupsfotografering og portretter – {city}'],
          short: 'Bryllupsfotograf i {city} som følger dere fra forberedelsene til siste dans.',
          about: 'Som bryllupsfotograf følger jeg dere gjennom hele dagen, fra forberedelsene om morgenen til den første dansen. Jeg jobber rolig og diskré, slik at bildene blir naturlige.',
          bullets: ['Opptil ti timers fotografering', 'Portrettøkt med brudeparet', 'Redigerte bilder i nettgalleri'],
        },
        'Event video': {
          names: ['Bryllupsfilm og høydepunkter – {city}', 'Video av konferanse og fest – {city}', 'Dronefilming av arrangementer – {city}'],
          short: 'Film av bryllup og arrangementer i {city}, fra kort høydepunktsfilm til direktesending.',
          about: 'Vi filmer bryllup, konferanser og jubileer og klipper en høydepunktsfilm på tre til fem minutter. Der det er lov, tar vi også med dronebilder fra lufta.',
          bullets: ['Høydepunktsfilm på tre til fem minutter', 'Dronebilder der det er tillatt', 'Direktesending for gjester som ikke kan komme'],
        },
        'Photo booth': {
          names: ['Fotoboks til fest og bryllup – {city}', 'Fotoboks med rekvisitter – {city}', 'Selfieboks til firmafesten – {city}'],
          short: 'Fotoboks med rekvisitter og utskrift på stedet, levert i {city}.',
          about: 'Fotoboksen settes opp på under en time og er enkel å bruke for gjester i alle aldre. Gjestene tar bildene selv og får dem skrevet ut med en gang.',
          bullets: ['Rekvisitter og bakgrunn etter tema', 'Utskrift av bildene på stedet', 'Alle bildene digitalt etter festen'],
        },
      },
    },
    'Music & Entertainment': {
      trade: 'Musikk',
      companyShort: 'Musikk og underholdning til fest og bryllup i {city}.',
      companyAbout: '{company} formidler DJ-er, band og underholdere til arrangementer i {city} og omegn.',
      about: 'Vi tar med lydanlegg og mikrofoner, og vi går gjennom ønskelisten deres i god tid før dagen. Musikken tilpasses stemningen, fra rolig middag til full dansefest.',
      subCategories: {
        DJs: {
          names: ['DJ til bryllup og fest – {city}', 'DJ med lysshow – {city}', 'DJ og konferansier – {city}'],
          short: 'Erfaren DJ i {city} som får alle gjestene ut på dansegulvet.',
          about: 'Vi spiller musikk for alle aldre og leser publikum gjennom kvelden. Dere sender oss ønskelisten og sangene dere ikke vil høre, så tar vi oss av resten.',
          bullets: ['Fire timers DJ-sett', 'Lysshow på dansegulvet', 'Lydanlegg og trådløs mikrofon til taler'],
        },
        'Live bands': {
          names: ['Liveband til bryllup – {city}', 'Jazztrio til middagen – {city}', 'Coverband til firmafest – {city}'],
          short: 'Liveband fra {city} med rolig musikk til middagen og full fart på dansegulvet.',
          about: 'Bandet spiller rolig musikk under middagen og to eller tre dansesett etterpå. Repertoaret spenner fra jazz og viser til pop og rock som alle kan synge med på.',
          bullets: ['Levende musikk under middagen', 'To eller tre dansesett', 'Eget lydanlegg og lystekniker'],
        },
        'Hosts and performers': {
          names: ['Toastmaster til bryllup – {city}', 'Tryllekunstner ved bordene – {city}', 'Standup til firmafesten – {city}'],
          short: 'Toastmaster, tryllekunstner og komiker i {city} som holder liv i festen.',
          about: 'Vi har erfarne toastmastere som holder orden på talene, tryllekunstnere som underholder ved bordene og komikere som passer til både bryllup og firmafest.',
          bullets: ['Toastmaster som holder tidsplanen', 'Nærmagi ved bordene', 'Kort standupshow tilpasset publikum'],
        },
      },
    },
    'Decoration & Flowers': {
      trade: 'Blomster',
      companyShort: 'Blomster og dekorasjon til fest og bryllup i {city}.',
      companyAbout: '{company} er et blomsterverksted i {city} som lager buketter, borddekorasjoner og pynt til alle slags arrangementer.',
      about: 'Vi lager et moodboard sammen med dere, setter opp dekorasjonene før gjestene kommer og rydder alt etterpå. Blomstene velges etter sesong.',
      subCategories: {
        Florists: {
          names: ['Brudebukett og bordblomster – {city}', 'Blomsterbue til vielsen – {city}', 'Sesongens blomster til festen – {city}'],
          short: 'Brudebukett, bordblomster og blomsterbuer fra blomsterverkstedet i {city}.',
          about: 'Vi binder brudebuketten i fargene dere ønsker og lager lave borddekorasjoner som ikke står i veien for samtalen. Til vielsen kan vi bygge en blomsterbue.',
          bullets: ['Håndbundet brudebukett', 'Blomster til hvert bord', 'Blomsterbue til vielsen'],
        },
        'Event styling': {
          names: ['Bordpynt og duker til selskapet – {city}', 'Komplett festpynt – {city}', 'Skilt og bordkort til bryllupet – {city}'],
          short: 'Duker, bordpynt og skilt til selskapet, satt opp av stylister fra {city}.',
          about: 'Vi står for hele uttrykket, fra duker og servietter til lysestaker, vaser og velkomstskilt. Dere får en skisse av bordene før vi setter i gang.',
          bullets: ['Duker, løpere og servietter', 'Lysestaker, vaser og bordpynt', 'Velkomstskilt, bordkart og menykort'],
        },
        'Lighting decor': {
          names: ['Lysslynger og lykter – {city}', 'Stemningsbelysning til festen – {city}', 'Levende lys og lysdekor – {city}'],
          short: 'Lysslynger, lykter og stemningsbelysning som gjør lokalet lunt, levert i {city}.',
          about: 'Med lysslynger over bordene, lykter langs gangen og farget lys på veggene blir både lokaler og telt lune og innbydende når det blir mørkt.',
          bullets: ['Lysslynger innendørs eller utendørs', 'Farget lys langs veggene', 'Montering og nedrigging'],
        },
      },
    },
    'Planning & Coordination': {
      trade: 'Eventbyrå',
      companyShort: 'Planlegging og koordinering av arrangementer i {city}.',
      companyAbout: '{company} planlegger bryllup, firmaarrangementer og jubileer i {city}, fra første idé til siste gjest har gått hjem.',
      about: 'Vi setter opp budsjett, finner og bestiller leverandører og lager en detaljert kjøreplan for dagen. Dere får én kontaktperson gjennom hele prosessen.',
      subCategories: {
        'Wedding planners': {
          names: ['Bryllupsplanlegger fra A til Å – {city}', 'Hjelp med deler av bryllupet – {city}', 'Bryllupsplanlegging og generalprøve – {city}'],
          short: 'Bryllupsplanlegger i {city} som tar seg av alt, eller bare delene dere ønsker hjelp med.',
          about: 'Vi planlegger hele bryllupet eller bare delene dere vil ha hjelp til. Dagen før leder vi generalprøven, slik at alle vet hvor de skal stå.',
          bullets: ['Full planlegging fra første møte', 'Budsjett og leverandøravtaler', 'Generalprøve dagen før'],
        },
        'Corporate events': {
          names: ['Firmafest og kickoff – {city}', 'Teambuilding for bedrifter – {city}', 'Konferanse med påmelding – {city}'],
          short: 'Kickoff, konferanser og teambuilding for bedrifter i {city}.',
          about: 'Vi arrangerer kickoff, konferanser og sommerfester for bedrifter. Vi sender invitasjoner, håndterer påmeldingen og holder kontakten med foredragsholderne.',
          bullets: ['Invitasjon og påmelding', 'Teambuilding med aktiviteter', 'Oppfølging av foredragsholdere'],
        },
        'Day-of coordination': {
          names: ['Koordinator på bryllupsdagen – {city}', 'Dagsansvarlig for festen – {city}', 'Koordinering på selve dagen – {city}'],
          short: 'Koordinator i {city} som sørger for at alt går etter planen på den store dagen.',
          about: 'Dere har planlagt selv, og vi tar over på selve dagen. Leverandørene melder seg til oss, og vi passer på at tidsplanen holder.',
          bullets: ['Én kontaktperson for alle leverandørene', 'Tidsplan som følges opp', 'Møte to uker før arrangementet'],
        },
      },
    },
    Transport: {
      trade: 'Transport',
      companyShort: 'Transport til bryllup og arrangementer i {city}.',
      companyAbout: '{company} kjører brudepar og gjester til og fra arrangementer i {city} og omegn.',
      about: 'Sjåførene våre er erfarne og punktlige, og vi planlegger ruten sammen med dere slik at alle kommer fram i tide. Bilen kan pyntes med bånd og blomster.',
      subCategories: {
        'Wedding cars': {
          names: ['Veteranbil til brudeparet – {city}', 'Limousin med sjåfør – {city}', 'Bryllupsbil med pynt – {city}'],
          short: 'Veteranbil eller limousin med sjåfør til brudeparet i {city}.',
          about: 'Vi har en nyrestaurert veteranbil og en limousin med plass til hele brudefølget. Sjåføren kjører dere fra vielsen til festen og tar gjerne en omvei for fotograferingen.',
          bullets: ['Sjåfør i uniform', 'Bånd og blomster på bilen', 'Tid til fotografering underveis'],
        },
        'Guest shuttles': {
          names: ['Buss til bryllupsgjestene – {city}', 'Minibuss til og fra festen – {city}', 'Nattbuss hjem etter festen – {city}'],
          short: 'Minibuss og buss for gjestene mellom vielse, fest og hotell i {city}.',
          about: 'Vi frakter gjestene mellom kirken, festlokalet og hotellet, slik at ingen trenger å kjøre selv. Etter festen setter vi opp nattbuss tilbake til sentrum.',
          bullets: ['Minibuss med plass til 16', 'Buss med plass til 50', 'Nattbuss tilbake til sentrum'],
        },
        Boats: {
          names: ['Båttur for bryllupsgjester – {city}', 'Sjøtaxi til festen – {city}', 'Sommertur med båt for selskap – {city}'],
          short: 'Båttur og sjøtaxi for selskapet ditt, med avgang fra {city}.',
          about: 'Ta med hele selskapet på en båttur, eller la sjøtaxien frakte gjestene ut til lokaler ved vannet. Båtene har redningsvester til alle og plass til mat og drikke om bord.',
          bullets: ['Båttur for hele selskapet', 'Sjøtaxi til øyer og lokaler ved vannet', 'Redningsvester til alle om bord'],
        },
      },
    },
    'Equipment & Tents': {
      trade: 'Utleie',
      companyShort: 'Utleie av telt, møbler, lyd og lys i {city}.',
      companyAbout: '{company} leier ut telt, møbler og teknisk utstyr til arrangementer i {city} og omegn.',
      about: 'Vi leverer, monterer og henter utstyret, og en tekniker kan være til stede hele kvelden. Alt utstyret blir sjekket etter hvert oppdrag.',
      subCategories: {
        Tents: {
          names: ['Festtelt til hagefesten – {city}', 'Telt for 100 gjester – {city}', 'Telt med gulv og varmere – {city}'],
          short: 'Festtelt med gulv, vegger og terrassevarmere, levert og montert i {city}.',
          about: 'Teltene våre har vegger med vinduer, et plant gulv og plass til opptil 100 gjester. Med terrassevarmere blir det lunt også når kvelden blir kjølig.',
          bullets: ['Festtelt med vegger og vinduer', 'Plant gulv i hele teltet', 'Terrassevarmere til kjølige kvelder'],
        },
        Furniture: {
          names: ['Bord og stoler til selskapet – {city}', 'Loungemøbler til festen – {city}', 'Langbord og benker – {city}'],
          short: 'Bord, stoler og loungemøbler til leie, levert i {city}.',
          about: 'Vi leier ut runde og rektangulære bord, klappstoler og hagestoler, og sofaer til en rolig loungekrok. Møblene leveres og hentes når det passer dere.',
          bullets: ['Runde og rektangulære bord', 'Stoler etter eget valg', 'Sofaer og lave bord til lounge'],
        },
        'Sound and light': {
          names: ['Lydanlegg til taler og musikk – {city}', 'Lyd og lys til konserten – {city}', 'Prosjektor og lerret – {city}'],
          short: 'Lydanlegg, prosjektor og scenelys til leie i {city}, med tekniker om ønskelig.',
          about: 'Vi leier ut lydanlegg med miksebord, trådløse mikrofoner, prosjektor og lerret. Teknikeren vår rigger alt og sørger for at talene høres i hele salen.',
          bullets: ['Lydanlegg med miksebord', 'Prosjektor og lerret', 'Tekniker på stedet'],
        },
      },
    },
    'Cakes & Desserts': {
      trade: 'Konditori',
      companyShort: 'Bryllupskaker og desserter fra konditoriet i {city}.',
      companyAbout: '{company} er et konditori i {city} som baker bryllupskaker, kransekaker og desserter til selskap.',
      about: 'Alt bakes fra bunnen av med gode råvarer. Dere er velkommen til smaksprøve før dere bestiller, og vi leverer og setter opp kaken i lokalet.',
      subCategories: {
        'Wedding cakes': {
          names: ['Bryllupskake i flere etasjer – {city}', 'Kransekake til bryllupet – {city}', 'Naken bryllupskake med bær – {city}'],
          short: 'Bryllupskaker og tradisjonell kransekake fra konditoriet i {city}.',
          about: 'Vi baker bryllupskaker i to til fem etasjer etter deres ønsker, og selvfølgelig tradisjonell kransekake. Vi lager også en egen kakefigur til toppen av kaken.',
          bullets: ['Kake i to til fem etasjer', 'Tradisjonell kransekake', 'Levering og oppsett i lokalet'],
        },
        'Dessert tables': {
          names: ['Dessertbord til festen – {city}', 'Makroner og cupcakes – {city}', 'Sjokoladefontene til selskapet – {city}'],
          short: 'Dessertbord med makroner, cupcakes og sjokoladefontene fra {city}.',
          about: 'Et dessertbord med makroner, cupcakes og små kaker lar gjestene forsyne seg selv gjennom kvelden. Sjokoladefontenen med frukt er alltid populær blant barna.',
          bullets: ['Makroner i valgfrie farger', 'Pyntede cupcakes til alle gjestene', 'Sjokoladefontene med frukt'],
        },
      },
    },
    'Beauty & Styling': {
      trade: 'Styling',
      companyShort: 'Hår, sminke og antrekk til den store dagen i {city}.',
      companyAbout: '{company} er et stylingstudio i {city} med frisører, sminkører og skreddere.',
      about: 'Vi tar en prøvetime før dagen, slik at dere vet hvordan resultatet blir, og vi kommer gjerne hjem til dere eller til hotellet.',
      subCategories: {
        'Hair and make-up': {
          names: ['Brudesminke og brudefrisyre – {city}', 'Hår og sminke til forlovere – {city}', 'Sminkør på bryllupsdagen – {city}'],
          short: 'Brudesminke og brudefrisyre i {city}, også for forlovere og mødre.',
          about: 'Vi lager en sminke som holder hele dagen og en frisyre som passer kjolen, enten det er oppsatt hår, krøller eller flette. Forlovere og mødre kan også bestille styling.',
          bullets: ['Prøvetime før bryllupet', 'Langvarig brudesminke', 'Styling av forlovere og familie'],
        },
        'Dresses and suits': {
          names: ['Brudekjoler og tilpasning – {city}', 'Dressutleie til bryllupet – {city}', 'Skreddersøm til festen – {city}'],
          short: 'Brudekjoler, dresser til leie og tilpasning hos skredderen i {city}.',
          about: 'Hos oss finner dere brudekjoler og dresser til leie, og skredderen vår syr om slik at alt sitter perfekt. Vi anbefaler å komme på første prøving et halvt år før.',
          bullets: ['Tilpasning hos egen skredder', 'Dresser og smoking til leie', 'Personlig veiledning i butikken'],
        },
      },
    },
  },
};

const sv: LanguageTexts = {
  included: 'Det här ingår',
  closings: [
    'Kontakta {company} för en kostnadsfri offert. Vi finns i {city} och svarar oftast samma dag.',
    'Skicka ett meddelande med datum, antal gäster och era önskemål, så tar vi fram ett förslag. Vi täcker {city} med omnejd.',
    'Vi på {company} har många års erfarenhet av evenemang i {city}. Ring eller mejla oss, så hittar vi en lösning som passar budgeten.',
    'Undrar ni något? Vi träffas gärna i {city} eller tar ett samtal på telefon innan ni bestämmer er.',
  ],
  companyClosings: [
    'Vi finns i {city} och tar uppdrag i hela regionen.',
    'Vårt kontor ligger centralt i {city}, och ni är välkomna in på en kopp kaffe.',
    'Vi är ett litet och engagerat team i {city} som sätter nöjda kunder först.',
  ],
  categories: {
    Venues: {
      trade: 'Festlokaler',
      companyShort: 'Festlokaler och konferensrum i {city}.',
      companyAbout: '{company} hyr ut lokaler för bröllop, jubileum, minnesstunder och företagsevent i {city}.',
      about: 'Lokalen anpassas efter både små och stora sällskap, och vi hjälper er med bordsplacering, teknik och samarbete med cateringfirman.',
      subCategories: {
        'Banquet halls': {
          names: ['Festlokal för bröllop – {city}', 'Bankettsal för 150 gäster – {city}', 'Festvåning med scen – {city}'],
          short: 'Ljus och rymlig festsal i {city} för middag, tal och dans till långt in på natten.',
          about: 'Festsalen har högt i tak, stora fönster och plats för upp till 150 gäster vid runda bord eller långbord. Här kan ni ha middag, tal och dans i samma rum.',
          bullets: ['Bord, stolar och dukar till alla gäster', 'Dansgolv och scen med ljudanläggning', 'Garderob och egen entré'],
        },
        'Outdoor venues': {
          names: ['Trädgårdsfest på gården – {city}', 'Vigsel vid sjön – {city}', 'Lada och gårdsplan för fest – {city}'],
          short: 'Gårdsplan, trädgård och lada strax utanför {city} för vigsel och fest under bar himmel.',
          about: 'Gården ligger lantligt med utsikt över sjön. Ni kan ha vigseln i trädgården, middagen i den gamla ladan och dansen på gårdsplanen under den ljusa sommarkvällen.',
          bullets: ['Iordningställd plats för vigsel i trädgården', 'Tält eller lada som reserv vid regn', 'Parkering för gästerna'],
        },
        'Conference centres': {
          names: ['Konferenscenter med grupprum – {city}', 'Mötesrum och dagpaket – {city}', 'Kurs och seminarium i centrum – {city}'],
          short: 'Moderna mötesrum i {city} med dagpaket, lunch och teknik.',
          about: 'Vi har en stor konferenssal och flera grupprum i olika storlekar. Alla rum har skärm, mikrofon och bra uppkoppling, och lunchen serveras i vår restaurang.',
          bullets: ['Dagpaket med lunch och fikapauser', 'Grupprum för upp till 12 personer', 'Reception med namnbrickor och registrering'],
        },
      },
    },
    Catering: {
      trade: 'Catering',
      companyShort: 'Catering för fester och företagsevent i {city}.',
      companyAbout: '{company} lagar mat till bröllop, studentfester och företagsfester i {city} med omnejd.',
      about: 'Vi använder lokala råvaror efter säsong och anpassar menyn efter allergier och önskemål. Våra kockar lagar maten på plats, och serveringspersonalen plockar undan efteråt.',
      subCategories: {
        Buffet: {
          names: ['Smörgåsbord och varm buffé – {city}', 'Skaldjursbuffé för fest – {city}', 'Tapasbuffé för företagsfest – {city}'],
          short: 'Generös buffé i {city} med varma rätter, sallader och hembakat bröd.',
          about: 'Vår buffé har varma och kalla rätter, sallader och hembakat bröd, och den dukas upp så att gästerna slipper långa köer. Vi kan också servera nattmat när festen drar ut på tiden.',
          bullets: ['Varma och kalla rätter efter säsong', 'Vegetariska och glutenfria alternativ', 'Nattmat efter midnatt'],
        },
        'Plated dinner': {
          names: ['Trerättersmiddag vid bordet – {city}', 'Festmiddag med vinmeny – {city}', 'Gourmetmiddag för bröllop – {city}'],
          short: 'Festmiddag i {city} serverad vid bordet, med vin valt till varje rätt.',
          about: 'Vi serverar en trerätters festmiddag vid bordet, med förrätt, varmrätt och efterrätt. Kökschefen sätter ihop menyn tillsammans med er, och vi föreslår gärna vin till varje rätt.',
          bullets: ['Provsmakning av menyn innan ni bestämmer er', 'Serveringspersonal under hela middagen', 'Vinmeny anpassad efter rätterna'],
        },
        'Bar service': {
          names: ['Mobil bar med bartender – {city}', 'Cocktailbar till bröllopet – {city}', 'Alkoholfri drinkbar – {city}'],
          short: 'Mobil bar och erfarna bartendrar i {city}, med egna cocktails till festen.',
          about: 'Vi kommer med en komplett bar, is, glas och bartendrar som blandar drinkar hela kvällen. Tillsammans tar vi fram en egen cocktail till ert evenemang, och det finns alltid goda alkoholfria alternativ.',
          bullets: ['Komplett bar med glas och is', 'Egen drinkmeny till evenemanget', 'Alkoholfria drinkar och mocktails'],
        },
      },
    },
    'Photo & Video': {
      trade: 'Foto',
      companyShort: 'Fotograf och film för bröllop och evenemang i {city}.',
      companyAbout: '{company} är en fotostudio i {city} som fotograferar bröllop, porträtt och evenemang.',
      about: 'Alla bilder redigeras för hand och levereras i ett privat webbgalleri, redo att delas med familj och vänner. Vi kan också göra ett tryckt fotoalbum.',
      subCategories: {
        'Wedding photography': {
          names: ['Bröllopsfotograf hela dagen – {city}', 'Naturliga bröllopsbilder – {city}', 'Bröllopsfoto och porträtt – {city}'],
          short: 'Bröllopsfotograf i {city} som följer er från förberedelserna till sista dansen.',
          about: 'Som bröllopsfotograf följer jag er genom hela dagen, från förberedelserna på morgonen till den första dansen. Jag arbetar lugnt och diskret, så att bilderna blir naturliga.',
          bullets: ['Upp till tio timmars fotografering', 'Porträttstund med brudparet', 'Redigerade bilder i webbgalleri'],
        },
        'Event video': {
          names: ['Bröllopsfilm och höjdpunkter – {city}', 'Film av konferens och fest – {city}', 'Drönarfilm av evenemang – {city}'],
          short: 'Film av bröllop och evenemang i {city}, från kort höjdpunktsfilm till livesändning.',
          about: 'Vi filmar bröllop, konferenser och jubileum och klipper en höjdpunktsfilm på tre till fem minuter. Där det är tillåtet tar vi också med drönarbilder från luften.',
          bullets: ['Höjdpunktsfilm på tre till fem minuter', 'Drönarbilder där det är tillåtet', 'Livesändning för gäster som inte kan komma'],
        },
        'Photo booth': {
          names: ['Fotobås till fest och bröllop – {city}', 'Fotobås med rekvisita – {city}', 'Selfiebås till företagsfesten – {city}'],
          short: 'Fotobås med rekvisita och utskrift på plats, levererad i {city}.',
          about: 'Fotobåset ställs upp på mindre än en timme och är enkelt att använda för gäster i alla åldrar. Gästerna tar bilderna själva och får dem utskrivna direkt.',
          bullets: ['Rekvisita och bakgrund efter tema', 'Utskrift av bilderna på plats', 'Alla bilder digitalt efter festen'],
        },
      },
    },
    'Music & Entertainment': {
      trade: 'Musik',
      companyShort: 'Musik och underhållning för fest och bröllop i {city}.',
      companyAbout: '{company} förmedlar DJ:s, band och underhållare till evenemang i {city} med omnejd.',
      about: 'Vi tar med ljudanläggning och mikrofoner, och vi går igenom er önskelista i god tid före dagen. Musiken anpassas efter stämningen, från lugn middag till full dansfest.',
      subCategories: {
        DJs: {
          names: ['DJ till bröllop och fest – {city}', 'DJ med ljusshow – {city}', 'DJ och konferencier – {city}'],
          short: 'Erfaren DJ i {city} som får alla gäster ut på dansgolvet.',
          about: 'Vi spelar musik för alla åldrar och läser av publiken under kvällen. Ni skickar önskelistan och låtarna ni inte vill höra, så tar vi hand om resten.',
          bullets: ['DJ-set på fyra timmar', 'Ljusshow på dansgolvet', 'Ljudanläggning och trådlös mikrofon för tal'],
        },
        'Live bands': {
          names: ['Liveband till bröllop – {city}', 'Jazztrio till middagen – {city}', 'Coverband till företagsfest – {city}'],
          short: 'Liveband från {city} med lugn musik till middagen och fullt ös på dansgolvet.',
          about: 'Bandet spelar lugn musik under middagen och två eller tre danset efteråt. Repertoaren sträcker sig från jazz och visor till pop och rock som alla kan sjunga med i.',
          bullets: ['Levande musik under middagen', 'Två eller tre danset', 'Egen ljudanläggning och ljustekniker'],
        },
        'Hosts and performers': {
          names: ['Toastmaster till bröllop – {city}', 'Trollkarl vid borden – {city}', 'Ståuppkomik till företagsfesten – {city}'],
          short: 'Toastmaster, trollkarl och komiker i {city} som håller liv i festen.',
          about: 'Vi har erfarna toastmasters som håller ordning på talen, trollkarlar som underhåller vid borden och komiker som passar både bröllop och företagsfest.',
          bullets: ['Toastmaster som håller tidsplanen', 'Närmagi vid borden', 'Kort ståuppshow anpassad efter publiken'],
        },
      },
    },
    'Decoration & Flowers': {
      trade: 'Blommor',
      companyShort: 'Blommor och dekoration till fest och bröllop i {city}.',
      companyAbout: '{company} är en blomsterbutik i {city} som gör buketter, bordsdekorationer och dekor till alla slags evenemang.',
      about: 'Vi gör en moodboard tillsammans med er, ställer i ordning dekorationerna innan gästerna kommer och plockar undan allt efteråt. Blommorna väljs efter säsong.',
      subCategories: {
        Florists: {
          names: ['Brudbukett och bordsblommor – {city}', 'Blomsterbåge till vigseln – {city}', 'Säsongens blommor till festen – {city}'],
          short: 'Brudbukett, bordsblommor och blomsterbågar från blomsterbutiken i {city}.',
          about: 'Vi binder brudbuketten i de färger ni önskar och gör låga bordsdekorationer som inte står i vägen för samtalet. Till vigseln kan vi bygga en blomsterbåge.',
          bullets: ['Handbunden brudbukett', 'Blommor till varje bord', 'Blomsterbåge till vigseln'],
        },
        'Event styling': {
          names: ['Dukning och bordsdekor – {city}', 'Komplett festdekor – {city}', 'Skyltar och placeringskort – {city}'],
          short: 'Dukar, bordsdekor och skyltar till festen, uppställt av stylister från {city}.',
          about: 'Vi står för hela uttrycket, från dukar och servetter till ljusstakar, vaser och välkomstskyltar. Ni får en skiss av borden innan vi sätter igång.',
          bullets: ['Dukar, löpare och servetter', 'Ljusstakar, vaser och bordsdekor', 'Välkomstskylt, placeringskarta och menykort'],
        },
        'Lighting decor': {
          names: ['Ljusslingor och lyktor – {city}', 'Stämningsbelysning till festen – {city}', 'Levande ljus och ljusdekor – {city}'],
          short: 'Ljusslingor, lyktor och stämningsbelysning som gör lokalen mysig, levererat i {city}.',
          about: 'Med ljusslingor över borden, lyktor längs gången och färgat ljus på väggarna blir både lokaler och tält mysiga och inbjudande när mörkret faller.',
          bullets: ['Ljusslingor inomhus eller utomhus', 'Färgat ljus längs väggarna', 'Montering och nedmontering'],
        },
      },
    },
    'Planning & Coordination': {
      trade: 'Eventbyrå',
      companyShort: 'Planering och samordning av evenemang i {city}.',
      companyAbout: '{company} planerar bröllop, företagsevent och jubileum i {city}, från första idé tills den sista gästen har gått hem.',
      about: 'Vi gör en budget, hittar och bokar leverantörer och tar fram ett detaljerat körschema för dagen. Ni får en kontaktperson genom hela processen.',
      subCategories: {
        'Wedding planners': {
          names: ['Bröllopsplanerare från start – {city}', 'Hjälp med delar av bröllopet – {city}', 'Bröllopsplanering och genrep – {city}'],
          short: 'Bröllopsplanerare i {city} som tar hand om allt, eller bara de delar ni vill ha hjälp med.',
          about: 'Vi planerar hela bröllopet eller bara de delar ni vill ha hjälp med. Dagen innan leder vi genrepet, så att alla vet var de ska stå.',
          bullets: ['Fullständig planering från första mötet', 'Budget och avtal med leverantörer', 'Genrep dagen innan'],
        },
        'Corporate events': {
          names: ['Företagsfest och kickoff – {city}', 'Teambuilding för företag – {city}', 'Konferens med anmälan – {city}'],
          short: 'Kickoff, konferenser och teambuilding för företag i {city}.',
          about: 'Vi arrangerar kickoffer, konferenser och sommarfester för företag. Vi skickar inbjudningar, sköter anmälan och håller kontakten med föreläsarna.',
          bullets: ['Inbjudan och anmälan', 'Teambuilding med aktiviteter', 'Uppföljning av föreläsare'],
        },
        'Day-of coordination': {
          names: ['Koordinator på bröllopsdagen – {city}', 'Dagansvarig för festen – {city}', 'Samordning under dagen – {city}'],
          short: 'Koordinator i {city} som ser till att allt går enligt plan på den stora dagen.',
          about: 'Ni har planerat själva, och vi tar över under själva dagen. Leverantörerna rapporterar till oss, och vi ser till att tidsplanen håller.',
          bullets: ['En kontaktperson för alla leverantörer', 'Tidsplan som följs upp', 'Möte två veckor före evenemanget'],
        },
      },
    },
    Transport: {
      trade: 'Transport',
      companyShort: 'Transport till bröllop och evenemang i {city}.',
      companyAbout: '{company} kör brudpar och gäster till och från evenemang i {city} med omnejd.',
      about: 'Våra chaufförer är erfarna och punktliga, och vi planerar rutten tillsammans med er så att alla kommer fram i tid. Bilen kan smyckas med band och blommor.',
      subCategories: {
        'Wedding cars': {
          names: ['Veteranbil till brudparet – {city}', 'Limousin med chaufför – {city}', 'Bröllopsbil med dekor – {city}'],
          short: 'Veteranbil eller limousin med chaufför till brudparet i {city}.',
          about: 'Vi har en nyrenoverad veteranbil och en limousin med plats för hela brudföljet. Chauffören kör er från vigseln till festen och tar gärna en omväg för fotograferingen.',
          bullets: ['Chaufför i uniform', 'Band och blommor på bilen', 'Tid för fotografering på vägen'],
        },
        'Guest shuttles': {
          names: ['Buss för bröllopsgäster – {city}', 'Minibuss till och från festen – {city}', 'Nattbuss hem efter festen – {city}'],
          short: 'Minibuss och buss för gästerna mellan vigsel, fest och hotell i {city}.',
          about: 'Vi kör gästerna mellan kyrkan, festlokalen och hotellet, så att ingen behöver köra själv. Efter festen sätter vi in nattbuss tillbaka till centrum.',
          bullets: ['Minibuss med plats för 16', 'Buss med plats för 50', 'Nattbuss tillbaka till centrum'],
        },
        Boats: {
          names: ['Båttur för bröllopsgäster – {city}', 'Sjötaxi till festen – {city}', 'Sommartur med båt för sällskap – {city}'],
          short: 'Båttur och sjötaxi för ert sällskap, med avgång från {city}.',
          about: 'Ta med hela sällskapet på en båttur, eller låt sjötaxin köra gästerna ut till lokaler vid vattnet. Båtarna har flytvästar till alla och plats för mat och dryck ombord.',
          bullets: ['Båttur för hela sällskapet', 'Sjötaxi till öar och lokaler vid vattnet', 'Flytvästar till alla ombord'],
        },
      },
    },
    'Equipment & Tents': {
      trade: 'Uthyrning',
      companyShort: 'Uthyrning av tält, möbler, ljud och ljus i {city}.',
      companyAbout: '{company} hyr ut tält, möbler och teknik till evenemang i {city} med omnejd.',
      about: 'Vi levererar, monterar och hämtar utrustningen, och en tekniker kan vara på plats hela kvällen. All utrustning kontrolleras efter varje uppdrag.',
      subCategories: {
        Tents: {
          names: ['Festtält till trädgårdsfesten – {city}', 'Tält för 100 gäster – {city}', 'Tält med golv och värmare – {city}'],
          short: 'Festtält med golv, väggar och terrassvärmare, levererat och monterat i {city}.',
          about: 'Våra tält har väggar med fönster, ett plant golv och plats för upp till 100 gäster. Med terrassvärmare blir det varmt och skönt även när kvällen blir sval.',
          bullets: ['Festtält med väggar och fönster', 'Plant golv i hela tältet', 'Terrassvärmare för svala kvällar'],
        },
        Furniture: {
          names: ['Bord och stolar till festen – {city}', 'Loungemöbler till festen – {city}', 'Långbord och bänkar – {city}'],
          short: 'Bord, stolar och loungemöbler att hyra, levererade i {city}.',
          about: 'Vi hyr ut runda och rektangulära bord, fällstolar och trädgårdsstolar, och soffor till en lugn loungehörna. Möblerna levereras och hämtas när det passar er.',
          bullets: ['Runda och rektangulära bord', 'Stolar efter eget val', 'Soffor och låga bord till lounge'],
        },
        'Sound and light': {
          names: ['Ljudanläggning för tal och musik – {city}', 'Ljud och ljus till konserten – {city}', 'Projektor och duk – {city}'],
          short: 'Ljudanläggning, projektor och scenljus att hyra i {city}, med tekniker vid behov.',
          about: 'Vi hyr ut ljudanläggning med mixerbord, trådlösa mikrofoner, projektor och duk. Vår tekniker riggar allt och ser till att talen hörs i hela salen.',
          bullets: ['Ljudanläggning med mixerbord', 'Projektor och duk', 'Tekniker på plats'],
        },
      },
    },
    'Cakes & Desserts': {
      trade: 'Konditori',
      companyShort: 'Bröllopstårtor och desserter från konditoriet i {city}.',
      companyAbout: '{company} är ett konditori i {city} som bakar bröllopstårtor, kransekakor och desserter till fester.',
      about: 'Allt bakas från grunden med fina råvaror. Ni är välkomna på provsmakning innan ni beställer, och vi levererar och ställer upp tårtan i lokalen.',
      subCategories: {
        'Wedding cakes': {
          names: ['Bröllopstårta i flera våningar – {city}', 'Kransekaka till bröllopet – {city}', 'Naken bröllopstårta med bär – {city}'],
          short: 'Bröllopstårtor och traditionell kransekaka från konditoriet i {city}.',
          about: 'Vi bakar bröllopstårtor i två till fem våningar efter era önskemål, och givetvis traditionell kransekaka. Vi gör också en egen tårtfigur till toppen av tårtan.',
          bullets: ['Tårta i två till fem våningar', 'Traditionell kransekaka', 'Leverans och uppställning i lokalen'],
        },
        'Dessert tables': {
          names: ['Dessertbord till festen – {city}', 'Macarons och cupcakes – {city}', 'Chokladfontän till festen – {city}'],
          short: 'Dessertbord med macarons, cupcakes och chokladfontän från {city}.',
          about: 'Ett dessertbord med macarons, cupcakes och små bakverk låter gästerna ta själva under kvällen. Chokladfontänen med frukt är alltid populär bland barnen.',
          bullets: ['Macarons i valfria färger', 'Dekorerade cupcakes till alla gäster', 'Chokladfontän med frukt'],
        },
      },
    },
    'Beauty & Styling': {
      trade: 'Styling',
      companyShort: 'Hår, smink och kläder till den stora dagen i {city}.',
      companyAbout: '{company} är en stylingstudio i {city} med frisörer, makeupartister och skräddare.',
      about: 'Vi gör en provstyling före dagen, så att ni vet hur resultatet blir, och vi kommer gärna hem till er eller till hotellet.',
      subCategories: {
        'Hair and make-up': {
          names: ['Brudsminkning och brudfrisyr – {city}', 'Hår och smink till tärnor – {city}', 'Makeupartist på bröllopsdagen – {city}'],
          short: 'Brudsminkning och brudfrisyr i {city}, även för tärnor och mammor.',
          about: 'Vi gör en sminkning som håller hela dagen och en frisyr som passar klänningen, vare sig det är uppsättning, lockar eller fläta. Tärnor och mammor kan också boka styling.',
          bullets: ['Provstyling före bröllopet', 'Långvarig brudsminkning', 'Styling av tärnor och familj'],
        },
        'Dresses and suits': {
          names: ['Brudklänningar och ändringar – {city}', 'Kostymuthyrning till bröllopet – {city}', 'Skräddarsytt till festen – {city}'],
          short: 'Brudklänningar, kostymer att hyra och ändringar hos skräddaren i {city}.',
          about: 'Hos oss hittar ni brudklänningar och kostymer att hyra, och vår skräddare syr om så att allt sitter perfekt. Vi rekommenderar att ni kommer på första provningen ett halvår innan.',
          bullets: ['Ändringar hos egen skräddare', 'Kostym och smoking att hyra', 'Personlig rådgivning i butiken'],
        },
      },
    },
  },
};

const en: LanguageTexts = {
  included: 'What is included',
  closings: [
    'Contact {company} for a free quote. We are based in {city} and usually reply the same day.',
    'Send us a message with the date, the number of guests and your wishes, and we will put together a proposal. We cover {city} and the surrounding area.',
    'The team at {company} has many years of experience with events in {city}. Call or write to us and we will find a solution that fits your budget.',
    'Any questions? We are happy to meet in {city} or talk on the phone before you decide.',
  ],
  companyClosings: [
    'We are based in {city} and take bookings across the region.',
    'Our office is in the centre of {city}, and you are welcome to drop by for a coffee and a chat.',
    'We are a small, dedicated team in {city} who care about every guest.',
  ],
  categories: {
    Venues: {
      trade: 'Events',
      companyShort: 'Event venues and meeting rooms in {city}.',
      companyAbout: '{company} rents out venues for weddings, anniversaries, memorials and company events in {city}.',
      about: 'The venue adapts to small and large parties alike, and we help you with the seating plan, the technical equipment and the caterer.',
      subCategories: {
        'Banquet halls': {
          names: ['Elegant banquet halls – {city}', 'Banquet hall for 150 guests – {city}', 'Ballroom with a stage – {city}'],
          short: 'A bright, spacious banquet hall in {city} for dinner, speeches and dancing late into the night.',
          about: 'Our banquet hall has high ceilings, tall windows and room for up to 150 guests at round or long tables. Dinner, speeches and the dance can all take place in the same room.',
          bullets: ['Tables, chairs and linen for every guest', 'A dance floor and a stage with a sound system', 'A cloakroom and a private entrance'],
        },
        'Outdoor venues': {
          names: ['Garden party at the farm – {city}', 'Outdoor ceremony by the water – {city}', 'Barn and courtyard for parties – {city}'],
          short: 'A courtyard, a garden and a barn just outside {city} for a ceremony and a party in the open air.',
          about: 'The farm lies in the countryside with a view over the water. Hold the ceremony in the garden, the dinner in the old barn and the dance in the courtyard on a light summer evening.',
          bullets: ['A prepared ceremony area in the garden', 'A tent or the barn as a backup if it rains', 'Parking for your guests'],
        },
        'Conference centres': {
          names: ['Conference centre with breakout rooms – {city}', 'Meeting rooms and day package – {city}', 'Courses and seminars downtown – {city}'],
          short: 'Modern meeting rooms in {city} with a day package, lunch and all the technology you need.',
          about: 'We have a large conference hall and several breakout rooms of different sizes. Every room has a screen, microphones and fast internet, and lunch is served in our restaurant.',
          bullets: ['A day package with lunch and coffee breaks', 'Breakout rooms for up to 12 people', 'A reception desk for badges and registration'],
        },
      },
    },
    Catering: {
      trade: 'Catering',
      companyShort: 'Catering for parties and company events in {city}.',
      companyAbout: '{company} cooks for weddings, confirmations and company parties in and around {city}.',
      about: 'We cook with local, seasonal produce and adapt the menu to allergies and wishes. Our chefs cook on site, and the waiting staff clear up afterwards.',
      subCategories: {
        Buffet: {
          names: ['Cold and warm buffet – {city}', 'Seafood buffet for parties – {city}', 'Tapas buffet for company parties – {city}'],
          short: 'A generous buffet in {city} with warm dishes, salads and home-baked bread.',
          about: 'Our buffet has warm and cold dishes, salads and home-baked bread, laid out so that your guests never queue for long. We can also serve a late-night snack when the party goes on.',
          bullets: ['Warm and cold dishes of the season', 'Vegetarian and gluten-free options', 'A late-night snack after midnight'],
        },
        'Plated dinner': {
          names: ['Three-course dinner served at the table – {city}', 'Celebration dinner with wine pairing – {city}', 'Gourmet wedding dinner – {city}'],
          short: 'A celebration dinner in {city} served at the table, with a wine chosen for each course.',
          about: 'We serve a three-course dinner at the table: a starter, a main course and a dessert. The head chef plans the menu with you, and we are glad to suggest a wine for each course.',
          bullets: ['A tasting of the menu before you decide', 'Waiting staff throughout the dinner', 'A wine list matched to the dishes'],
        },
        'Bar service': {
          names: ['Mobile bar with bartenders – {city}', 'Cocktail bar for your wedding – {city}', 'Alcohol-free drinks bar – {city}'],
          short: 'A mobile bar and experienced bartenders in {city}, with signature cocktails for your party.',
          about: 'We bring a complete bar, ice, glasses and bartenders who mix drinks all evening. Together we create a signature cocktail for your event, and there are always good alcohol-free choices.',
          bullets: ['A complete bar with glasses and ice', 'A drinks menu made for your event', 'Alcohol-free drinks and mocktails'],
        },
      },
    },
    'Photo & Video': {
      trade: 'Photography',
      companyShort: 'Wedding and event photography and video in {city}.',
      companyAbout: '{company} is a photography studio in {city} covering weddings, portraits and events.',
      about: 'Every picture is edited by hand and delivered in a private online gallery, ready to share with family and friends. We can also design a printed photo album.',
      subCategories: {
        'Wedding photography': {
          names: ['Wedding photography all day – {city}', 'Natural wedding photography – {city}', 'Wedding and portrait photographer – {city}'],
          short: 'A wedding photographer in {city} who follows you from the preparations to the last dance.',
          about: 'As your wedding photographer I follow you through the whole day, from getting ready in the morning to the first dance. I work calmly and discreetly, so the pictures look natural.',
          bullets: ['Up to ten hours of photography', 'A portrait session for the couple', 'Edited pictures in an online gallery'],
        },
        'Event video': {
          names: ['Wedding films and highlights – {city}', 'Conference and party videos – {city}', 'Drone footage of your event – {city}'],
          short: 'Films of weddings and events in {city}, from a short highlight reel to a live stream.',
          about: 'We film weddings, conferences and anniversaries and edit a highlight film of three to five minutes. Where it is allowed, we add aerial shots from a drone.',
          bullets: ['A highlight film of three to five minutes', 'Drone footage where flying is allowed', 'A live stream for guests who cannot attend'],
        },
        'Photo booth': {
          names: ['Photo booth for parties and weddings – {city}', 'Photo booth with props – {city}', 'Selfie booth for company parties – {city}'],
          short: 'A photo booth with props and instant prints, delivered in {city}.',
          about: 'The photo booth is set up in less than an hour and is easy to use for guests of all ages. Guests take the pictures themselves and get them printed on the spot.',
          bullets: ['Props and a themed backdrop', 'Instant prints on the spot', 'Every picture online after the party'],
        },
      },
    },
    'Music & Entertainment': {
      trade: 'Entertainment',
      companyShort: 'Music and entertainment for parties and weddings in {city}.',
      companyAbout: '{company} books DJs, bands and entertainers for events in and around {city}.',
      about: 'We bring the sound system and microphones, and we go through your playlist well before the day. The music follows the mood, from a quiet dinner to a packed dance floor.',
      subCategories: {
        DJs: {
          names: ['Wedding and party DJ – {city}', 'DJ with a light show – {city}', 'DJ and master of ceremonies – {city}'],
          short: 'An experienced DJ in {city} who gets every guest onto the dance floor.',
          about: 'We play music for all ages and read the crowd throughout the evening. Send us your must-play list and the songs you never want to hear, and we take care of the rest.',
          bullets: ['A four-hour DJ set', 'A light show on the dance floor', 'A sound system and a wireless microphone for speeches'],
        },
        'Live bands': {
          names: ['Live wedding band – {city}', 'Jazz trio for the dinner – {city}', 'Cover band for company parties – {city}'],
          short: 'A live band from {city} with quiet music for the dinner and a full dance floor afterwards.',
          about: 'The band plays quiet music during the dinner and two or three dance sets afterwards. The repertoire runs from jazz and ballads to pop and rock that everyone can sing along to.',
          bullets: ['Live music during the dinner', 'Two or three dance sets', 'Our own sound system and lighting technician'],
        },
        'Hosts and performers': {
          names: ['Wedding toastmaster – {city}', 'Close-up magician for the tables – {city}', 'Stand-up comedy for company parties – {city}'],
          short: 'A toastmaster, a magician and a comedian in {city} who keep the party going.',
          about: 'Our experienced toastmasters keep the speeches on time, our magicians entertain at the tables and our comedians suit weddings and company parties alike.',
          bullets: ['A toastmaster who keeps the schedule', 'Close-up magic at the tables', 'A short stand-up set for your audience'],
        },
      },
    },
    'Decoration & Flowers': {
      trade: 'Flowers',
      companyShort: 'Flowers and decoration for parties and weddings in {city}.',
      companyAbout: '{company} is a floral studio in {city} making bouquets, table arrangements and decorations for every kind of event.',
      about: 'We make a moodboard with you, set up the decorations before the guests arrive and clear everything away afterwards. The flowers follow the season.',
      subCategories: {
        Florists: {
          names: ['Bridal bouquets and table flowers – {city}', 'Floral arch for the ceremony – {city}', 'Seasonal flowers for your party – {city}'],
          short: 'Bridal bouquets, table flowers and floral arches from our studio in {city}.',
          about: 'We tie the bridal bouquet in the colours you choose and make low table arrangements that never get in the way of conversation. For the ceremony we can build a floral arch.',
          bullets: ['A hand-tied bridal bouquet', 'Flowers for every table', 'A floral arch for the ceremony'],
        },
        'Event styling': {
          names: ['Table settings and linen – {city}', 'Complete party styling – {city}', 'Wedding signs and place cards – {city}'],
          short: 'Linen, centrepieces and signs for your party, set up by stylists from {city}.',
          about: 'We take care of the whole look, from tablecloths and napkins to candlesticks, vases and welcome signs. You get a sketch of the tables before we start.',
          bullets: ['Tablecloths, runners and napkins', 'Candlesticks, vases and centrepieces', 'A welcome sign, a seating chart and menus'],
        },
        'Lighting decor': {
          names: ['String lights and lanterns – {city}', 'Mood lighting for your party – {city}', 'Candles and lighting decor – {city}'],
          short: 'String lights, lanterns and mood lighting that make any room cosy, delivered in {city}.',
          about: 'With string lights over the tables, lanterns along the path and coloured light on the walls, any room or tent feels warm and welcoming after dark.',
          bullets: ['String lights indoors or outdoors', 'Coloured uplighting along the walls', 'Setup and takedown'],
        },
      },
    },
    'Planning & Coordination': {
      trade: 'Events',
      companyShort: 'Event planning and coordination in {city}.',
      companyAbout: '{company} plans weddings, company events and anniversaries in {city}, from the first idea until the last guest has gone home.',
      about: 'We set up the budget, find and book the suppliers and write a detailed run of show for the day. You have one contact person throughout.',
      subCategories: {
        'Wedding planners': {
          names: ['Full-service wedding planner – {city}', 'Partial wedding planning – {city}', 'Wedding planning and rehearsal – {city}'],
          short: 'A wedding planner in {city} who handles everything, or just the parts you want help with.',
          about: 'We plan the whole wedding or just the parts you want help with. The day before, we lead the rehearsal, so everyone knows where to stand.',
          bullets: ['Full planning from the first meeting', 'The budget and supplier contracts', 'A rehearsal the day before'],
        },
        'Corporate events': {
          names: ['Company parties and kick-offs – {city}', 'Team building for companies – {city}', 'Conferences with registration – {city}'],
          short: 'Kick-offs, conferences and team building for companies in {city}.',
          about: 'We organise kick-offs, conferences and summer parties for companies. We send the invitations, handle the registration and look after the speakers.',
          bullets: ['Invitations and registration', 'Team-building activities', 'Contact with the speakers'],
        },
        'Day-of coordination': {
          names: ['Wedding day coordinator – {city}', 'Coordinator for your party – {city}', 'Day-of event coordination – {city}'],
          short: 'A coordinator in {city} who makes sure everything goes to plan on the big day.',
          about: 'You have done the planning, and we take over on the day itself. The suppliers report to us, and we make sure the schedule holds.',
          bullets: ['One contact person for all the suppliers', 'A timeline that is kept', 'A meeting two weeks before the event'],
        },
      },
    },
    Transport: {
      trade: 'Travel',
      companyShort: 'Transport for weddings and events in {city}.',
      companyAbout: '{company} drives couples and guests to and from events in and around {city}.',
      about: 'Our drivers are experienced and punctual, and we plan the route with you so that everyone arrives on time. The car can be decorated with ribbons and flowers.',
      subCategories: {
        'Wedding cars': {
          names: ['Vintage car for the couple – {city}', 'Limousine with a chauffeur – {city}', 'Decorated wedding car – {city}'],
          short: 'A vintage car or a limousine with a chauffeur for the couple in {city}.',
          about: 'We have a freshly restored vintage car and a limousine with room for the whole bridal party. The chauffeur drives you from the ceremony to the party and gladly takes a detour for the photos.',
          bullets: ['A chauffeur in uniform', 'Ribbons and flowers on the car', 'Time for photos on the way'],
        },
        'Guest shuttles': {
          names: ['Coach for wedding guests – {city}', 'Minibus to and from the party – {city}', 'Night bus home after the party – {city}'],
          short: 'Minibuses and coaches for your guests between ceremony, party and hotel in {city}.',
          about: 'We take your guests between the church, the venue and the hotel, so nobody has to drive. After the party we run a night bus back to the city centre.',
          bullets: ['A minibus for up to 16 passengers', 'A coach for up to 50 passengers', 'A night bus back to the centre'],
        },
        Boats: {
          names: ['Boat trip for wedding guests – {city}', 'Water taxi to the party – {city}', 'Summer boat trip for groups – {city}'],
          short: 'Boat trips and water taxis for your party, departing from {city}.',
          about: 'Take the whole party on a boat trip, or let the water taxi bring your guests to venues by the water. Our boats carry life jackets for everyone and have room for food and drinks on board.',
          bullets: ['A boat trip for the whole party', 'Water taxis to islands and waterside venues', 'Life jackets for everyone on board'],
        },
      },
    },
    'Equipment & Tents': {
      trade: 'Rentals',
      companyShort: 'Tents, furniture, sound and light for hire in {city}.',
      companyAbout: '{company} rents out tents, furniture and technical equipment for events in and around {city}.',
      about: 'We deliver, install and collect the equipment, and a technician can stay on site all evening. Everything is checked after every job.',
      subCategories: {
        Tents: {
          names: ['Party tents for garden parties – {city}', 'Marquee for 100 guests – {city}', 'Tent with flooring and heaters – {city}'],
          short: 'Party tents with flooring, walls and patio heaters, delivered and installed in {city}.',
          about: 'Our tents have walls with windows, a level floor and room for up to 100 guests. With patio heaters, the tent stays warm even when the evening turns cool.',
          bullets: ['A party tent with walls and windows', 'A level floor throughout the tent', 'Patio heaters for cool evenings'],
        },
        Furniture: {
          names: ['Tables and chairs for hire – {city}', 'Lounge furniture for your party – {city}', 'Long tables and benches – {city}'],
          short: 'Tables, chairs and lounge furniture for hire, delivered in {city}.',
          about: 'We rent out round and rectangular tables, folding and garden chairs, and sofas for a quiet lounge corner. The furniture is delivered and collected when it suits you.',
          bullets: ['Round and rectangular tables', 'The chairs of your choice', 'Sofas and low tables for a lounge'],
        },
        'Sound and light': {
          names: ['Sound systems for speeches and music – {city}', 'Sound and light for concerts – {city}', 'Projector and screen hire – {city}'],
          short: 'Sound systems, projectors and stage lighting for hire in {city}, with a technician if needed.',
          about: 'We rent out sound systems with a mixing desk, wireless microphones, projectors and screens. Our technician sets everything up and makes sure the speeches are heard across the hall.',
          bullets: ['A sound system with a mixing desk', 'A projector and a screen', 'A technician on site'],
        },
      },
    },
    'Cakes & Desserts': {
      trade: 'Bakery',
      companyShort: 'Wedding cakes and desserts from our bakery in {city}.',
      companyAbout: '{company} is a bakery in {city} making wedding cakes, kransekake and desserts for parties.',
      about: 'Everything is baked from scratch with good ingredients. You are welcome to a tasting before you order, and we deliver and set up the cake at the venue.',
      subCategories: {
        'Wedding cakes': {
          names: ['Tiered wedding cakes – {city}', 'Kransekake for your wedding – {city}', 'Naked wedding cake with berries – {city}'],
          short: 'Wedding cakes and the traditional kransekake from our bakery in {city}.',
          about: 'We bake wedding cakes of two to five tiers to your design, and of course the traditional kransekake. We can also make a custom topper for the cake.',
          bullets: ['A cake of two to five tiers', 'The traditional kransekake', 'Delivery and setup at the venue'],
        },
        'Dessert tables': {
          names: ['Dessert tables for parties – {city}', 'Macarons and cupcakes – {city}', 'Chocolate fountain for your party – {city}'],
          short: 'Dessert tables with macarons, cupcakes and a chocolate fountain from {city}.',
          about: 'A dessert table with macarons, cupcakes and small cakes lets your guests help themselves all evening. The chocolate fountain with fruit is always a hit with the children.',
          bullets: ['Macarons in the colours of your choice', 'Decorated cupcakes for every guest', 'A chocolate fountain with fruit'],
        },
      },
    },
    'Beauty & Styling': {
      trade: 'Styling',
      companyShort: 'Hair, make-up and outfits for the big day in {city}.',
      companyAbout: '{company} is a styling studio in {city} with hairdressers, make-up artists and tailors.',
      about: 'We hold a trial session before the day, so you know what to expect, and we are happy to come to your home or your hotel.',
      subCategories: {
        'Hair and make-up': {
          names: ['Bridal hair and make-up – {city}', 'Hair and make-up for bridesmaids – {city}', 'Wedding day make-up artist – {city}'],
          short: 'Bridal hair and make-up in {city}, also for bridesmaids and mothers.',
          about: 'We create a make-up that lasts all day and a hairstyle that suits the dress, whether an updo, curls or a braid. Bridesmaids and mothers can book styling as well.',
          bullets: ['A trial session before the wedding', 'Long-lasting bridal make-up', 'Styling for bridesmaids and family'],
        },
        'Dresses and suits': {
          names: ['Wedding dresses and alterations – {city}', 'Suit hire for your wedding – {city}', 'Tailoring for the big day – {city}'],
          short: 'Wedding dresses, suits for hire and alterations at our tailor in {city}.',
          about: 'You will find wedding dresses and suits for hire with us, and our tailor alters everything for a perfect fit. We recommend coming for the first fitting six months ahead.',
          bullets: ['Alterations by our own tailor', 'Suits and tuxedos for hire', 'Personal advice in the shop'],
        },
      },
    },
  },
};

export const DEMO_TEXTS: Record<DemoLanguage, LanguageTexts> = { nb, sv, en };
