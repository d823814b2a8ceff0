/** The demo service taxonomy: categories with their services, sub-categories and sub-category services. */

/** [name, groupName, shortDescription] */
export type SeedService = readonly [string, string, string];

export interface SeedSubCategory {
  name: string;
  shortDescription: string;
  services: SeedService[];
}

export interface SeedCategory {
  name: string;
  shortDescription: string;
  description: string;
  services: SeedService[];
  subCategories: SeedSubCategory[];
}

export const SEED_TAXONOMY: SeedCategory[] = [
  {
    name: 'Venues',
    shortDescription: 'Places to hold your event, from banquet halls to barns by the fjord.',
    description: 'Find the right place for weddings, parties, conferences and gatherings of every size, indoors or out.',
    services: [
      ['Site visit', 'Planning', 'A guided visit of the venue before you book.'],
      ['Overnight accommodation', 'Extras', 'Rooms for guests on site or nearby.'],
      ['Exclusive hire', 'Booking', 'The whole venue reserved for your event only.'],
    ],
    subCategories: [
      { name: 'Banquet halls', shortDescription: 'Large halls for dinners and receptions.', services: [
        ['Seated dinner setup', 'Layout', 'Round or long tables laid for a seated meal.'],
        ['Dance floor', 'Layout', 'A cleared floor for the first dance and the party.'],
        ['Stage', 'Layout', 'A raised stage for speeches and bands.'],
      ] },
      { name: 'Outdoor venues', shortDescription: 'Gardens, farms and seaside spots.', services: [
        ['Garden ceremony area', 'Ceremony', 'A prepared spot for an outdoor ceremony.'],
        ['Bad-weather backup', 'Safety', 'An indoor or covered alternative on the day.'],
      ] },
      { name: 'Conference centres', shortDescription: 'Rooms for seminars, courses and meetings.', services: [
        ['Meeting rooms', 'Rooms', 'Break-out rooms of different sizes.'],
        ['Day package', 'Packages', 'Room, lunch and coffee breaks for one day.'],
        ['Registration desk', 'Reception', 'A staffed desk for badges and check-in.'],
      ] },
    ],
  },
  {
    name: 'Catering',
    shortDescription: 'Food and drink for every kind of gathering.',
    description: 'Caterers, chefs and bartenders who bring the menu to your venue, from canapés to a full dinner.',
    services: [
      ['Menu tasting', 'Planning', 'Taste the dishes before you decide.'],
      ['Allergy-friendly menus', 'Dietary', 'Gluten-free, lactose-free, vegan and other needs.'],
      ['Serving staff', 'Staff', 'Waiters to serve and clear during the event.'],
    ],
    subCategories: [
      { name: 'Buffet', shortDescription: 'Self-service tables with warm and cold dishes.', services: [
        ['Cold buffet', 'Menu', 'Salads, cured meats, seafood and bread.'],
        ['Warm buffet', 'Menu', 'Hot dishes kept warm through the evening.'],
        ['Late-night snack', 'Menu', 'Soup, hot dogs or sandwiches after midnight.'],
      ] },
      { name: 'Plated dinner', shortDescription: 'Courses served at the table.', services: [
        ['Three-course dinner', 'Menu', 'Starter, main course and dessert.'],
        ['Wine pairing', 'Drinks', 'Wines chosen to match each course.'],
      ] },
      { name: 'Bar service', shortDescription: 'Bartenders, drinks and mobile bars.', services: [
        ['Mobile bar', 'Equipment', 'A complete bar brought to the venue.'],
        ['Cocktail menu', 'Drinks', 'Signature cocktails for the event.'],
        ['Alcohol-free drinks', 'Drinks', 'Mocktails, juices and sodas.'],
      ] },
    ],
  },
  {
    name: 'Photo & Video',
    shortDescription: 'Photographers and filmmakers who capture the day.',
    description: 'Professional photography and video for weddings, parties and corporate events, edited and delivered online.',
    services: [
      ['Online gallery', 'Delivery', 'All edited pictures in a private online gallery.'],
      ['Second shooter', 'Staff', 'An extra photographer for full coverage.'],
      ['Printed album', 'Products', 'A designed photo book of the day.'],
    ],
    subCategories: [
      { name: 'Wedding photography', shortDescription: 'From getting ready to the last dance.', services: [
        ['Full-day coverage', 'Coverage', 'Ten hours from preparations to party.'],
        ['Engagement shoot', 'Sessions', 'A portrait session before the wedding.'],
        ['Couple portraits', 'Sessions', 'An hour of portraits on the day.'],
      ] },
      { name: 'Event video', shortDescription: 'Films and highlight reels.', services: [
        ['Highlight film', 'Films', 'A three to five minute edit of the day.'],
        ['Drone footage', 'Equipment', 'Aerial shots where flying is allowed.'],
        ['Live streaming', 'Streaming', 'The ceremony or talk streamed to guests far away.'],
      ] },
      { name: 'Photo booth', shortDescription: 'Self-service photo fun for guests.', services: [
        ['Props and backdrop', 'Extras', 'Costumes, signs and a themed backdrop.'],
        ['Instant prints', 'Products', 'Guests take their pictures home.'],
      ] },
    ],
  },
  {
    name: 'Music & Entertainment',
    shortDescription: 'Bands, DJs and performers to keep guests entertained.',
    description: 'Live music, DJs, hosts and acts for ceremonies, dinners and dance floors.',
    services: [
      ['Sound system', 'Equipment', 'Speakers and microphones for the performance.'],
      ['Song requests', 'Planning', 'Your must-play and do-not-play lists.'],
      ['Ceremony music', 'Ceremony', 'Music for the entrance and exit.'],
    ],
    subCategories: [
      { name: 'DJs', shortDescription: 'DJs for parties and dance floors.', services: [
        ['DJ set (4 hours)', 'Performance', 'Four hours of mixed music.'],
        ['Light show', 'Equipment', 'Moving lights and effects on the dance floor.'],
        ['MC services', 'Hosting', 'The DJ introduces speeches and games.'],
      ] },
      { name: 'Live bands', shortDescription: 'Bands from jazz trios to cover bands.', services: [
        ['Dinner music', 'Performance', 'Quiet live music during the meal.'],
        ['Dance sets', 'Performance', 'Two or three sets to dance to.'],
      ] },
      { name: 'Hosts and performers', shortDescription: 'Toastmasters, magicians and comedians.', services: [
        ['Toastmaster', 'Hosting', 'Keeps the programme of speeches on time.'],
        ['Magician', 'Acts', 'Close-up magic at the tables.'],
        ['Stand-up comedian', 'Acts', 'A short comedy set.'],
      ] },
    ],
  },
  {
    name: 'Decoration & Flowers',
    shortDescription: 'Florists and decorators who set the scene.',
    description: 'Bouquets, table flowers, lighting and styling so the venue looks the way you imagined.',
    services: [
      ['Setup and teardown', 'Logistics', 'Decorations put up before and removed after.'],
      ['Moodboard', 'Planning', 'A visual plan of colours and materials.'],
    ],
    subCategories: [
      { name: 'Florists', shortDescription: 'Bouquets, arrangements and floral arches.', services: [
        ['Bridal bouquet', 'Bouquets', 'A hand-tied bouquet in your colours.'],
        ['Table arrangements', 'Tables', 'Low arrangements for each table.'],
        ['Floral arch', 'Ceremony', 'An arch of flowers for the ceremony.'],
      ] },
      { name: 'Event styling', shortDescription: 'Table settings, textiles and props.', services: [
        ['Table linen', 'Tables', 'Tablecloths, runners and napkins.'],
        ['Centrepieces', 'Tables', 'Candles, vases and decorative pieces.'],
        ['Signage', 'Print', 'Welcome signs, seating charts and menus.'],
      ] },
      { name: 'Lighting decor', shortDescription: 'Fairy lights, candles and lanterns.', services: [
        ['String lights', 'Lighting', 'Warm string lights over tables or outdoors.'],
        ['Uplighting', 'Lighting', 'Coloured lights along the walls.'],
      ] },
    ],
  },
  {
    name: 'Planning & Coordination',
    shortDescription: 'Planners who organise everything, or just the day itself.',
    description: 'Event planners and coordinators who handle budgets, suppliers and schedules so you can enjoy the event.',
    services: [
      ['Budget planning', 'Planning', 'A budget with every cost accounted for.'],
      ['Supplier booking', 'Planning', 'Finding and booking the right suppliers.'],
      ['Run of show', 'Day of', 'A minute-by-minute plan for the day.'],
    ],
    subCategories: [
      { name: 'Wedding planners', shortDescription: 'Planning from engagement to wedding day.', services: [
        ['Full planning', 'Packages', 'Everything from the first meeting to the last guest.'],
        ['Partial planning', 'Packages', 'Help with the parts you choose.'],
        ['Rehearsal', 'Ceremony', 'A walkthrough of the ceremony the day before.'],
      ] },
      { name: 'Corporate events', shortDescription: 'Conferences, kick-offs and team building.', services: [
        ['Team-building activities', 'Activities', 'Games and challenges for teams.'],
        ['Guest registration', 'Guests', 'Invitations, sign-up and name badges.'],
        ['Speaker management', 'Programme', 'Contact with speakers and their needs.'],
      ] },
      { name: 'Day-of coordination', shortDescription: 'A coordinator on the day only.', services: [
        ['Supplier contact', 'Day of', 'One person the suppliers report to.'],
        ['Timeline keeping', 'Day of', 'Keeps the programme on schedule.'],
      ] },
    ],
  },
  {
    name: 'Transport',
    shortDescription: 'Getting the couple and the guests there and home.',
    description: 'Wedding cars, buses, boats and shuttles for guests between ceremony, venue and hotel.',
    services: [
      ['Chauffeur', 'Staff', 'A professional driver in uniform.'],
      ['Decorated vehicle', 'Extras', 'Ribbons and flowers on the car.'],
    ],
    subCategories: [
      { name: 'Wedding cars', shortDescription: 'Classic, vintage and luxury cars.', services: [
        ['Vintage car', 'Vehicles', 'A classic car for the couple.'],
        ['Limousine', 'Vehicles', 'A stretch limousine for the party.'],
      ] },
      { name: 'Guest shuttles', shortDescription: 'Buses and minibuses for guests.', services: [
        ['Minibus', 'Vehicles', 'Up to 16 passengers.'],
        ['Coach', 'Vehicles', 'Up to 50 passengers.'],
        ['Night return', 'Schedules', 'Trips back to town after the party.'],
      ] },
      { name: 'Boats', shortDescription: 'Boat trips and water taxis.', services: [
        ['Fjord cruise', 'Trips', 'A cruise for the whole party.'],
        ['Water taxi', 'Trips', 'Transfers to islands and waterside venues.'],
      ] },
    ],
  },
  {
    name: 'Equipment & Tents',
    shortDescription: 'Tents, furniture and technical equipment for hire.',
    description: 'Everything an empty field or hall needs: tents, tables, chairs, heaters, sound and light.',
    services: [
      ['Delivery and pickup', 'Logistics', 'Equipment delivered and collected.'],
      ['Installation', 'Logistics', 'Set up by trained crew.'],
      ['Technician on site', 'Staff', 'Someone on hand in case anything fails.'],
    ],
    subCategories: [
      { name: 'Tents', shortDescription: 'Party tents and marquees.', services: [
        ['Party tent (up to 100 guests)', 'Tents', 'A frame tent with walls and windows.'],
        ['Tent flooring', 'Tents', 'A level floor inside the tent.'],
        ['Heaters', 'Climate', 'Patio heaters for cool evenings.'],
      ] },
      { name: 'Furniture', shortDescription: 'Tables, chairs and lounge furniture.', services: [
        ['Banquet tables', 'Tables', 'Round and rectangular tables.'],
        ['Chairs', 'Seating', 'Folding, Chiavari or garden chairs.'],
        ['Lounge area', 'Seating', 'Sofas and low tables for relaxing.'],
      ] },
      { name: 'Sound and light', shortDescription: 'PA systems, projectors and stage lighting.', services: [
        ['PA system', 'Sound', 'Speakers and mixer for speeches and music.'],
        ['Projector and screen', 'Video', 'For slideshows and presentations.'],
      ] },
    ],
  },
  {
    name: 'Cakes & Desserts',
    shortDescription: 'Wedding cakes, dessert tables and sweet treats.',
    description: 'Bakers and pastry chefs who make the cake and the sweets, from traditional kransekake to modern dessert bars.',
    services: [
      ['Cake tasting', 'Planning', 'Try flavours before you order.'],
      ['Delivery and setup', 'Logistics', 'The cake delivered and assembled at the venue.'],
    ],
    subCategories: [
      { name: 'Wedding cakes', shortDescription: 'Tiered cakes made to order.', services: [
        ['Tiered cake', 'Cakes', 'Two to five tiers in your design.'],
        ['Kransekake', 'Cakes', 'The traditional Nordic ring cake.'],
        ['Cake topper', 'Extras', 'A custom topper for the cake.'],
      ] },
      { name: 'Dessert tables', shortDescription: 'A spread of small sweets.', services: [
        ['Macarons', 'Sweets', 'Macarons in colours of your choice.'],
        ['Cupcakes', 'Sweets', 'Decorated cupcakes for every guest.'],
        ['Chocolate fountain', 'Equipment', 'Fruit and marshmallows to dip.'],
      ] },
    ],
  },
  {
    name: 'Beauty & Styling',
    shortDescription: 'Hair, make-up and outfits for the big day.',
    description: 'Stylists, make-up artists and dress shops who help you and your party look and feel your best.',
    services: [
      ['Trial session', 'Planning', 'A rehearsal of the look before the day.'],
      ['On-location service', 'Logistics', 'The stylist comes to you.'],
    ],
    subCategories: [
      { name: 'Hair and make-up', shortDescription: 'Stylists for the couple and the party.', services: [
        ['Bridal make-up', 'Make-up', 'Long-lasting make-up for the day.'],
        ['Bridal hair', 'Hair', 'Updos, curls and braids.'],
        ['Bridesmaid styling', 'Party', 'Hair and make-up for the bridal party.'],
      ] },
      { name: 'Dresses and suits', shortDescription: 'Bridal shops and tailors.', services: [
        ['Dress fitting', 'Fitting', 'Alterations for the perfect fit.'],
        ['Suit rental', 'Rental', 'Suits and tuxedos to hire.'],
      ] },
    ],
  },
];
