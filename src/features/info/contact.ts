/** Public contact details shown on the contact page, in the legal texts and in the footer. */
export const CONTACT_EMAIL = 'post@eventmarket.no';

/** Organisation number of the company operating EventMarket (data controller). */
export const ORGANISATION_NUMBER = '912 345 678';
