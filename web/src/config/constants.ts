/** Product-wide names and links used in copy (spec 000 section 9 holds the numbers). */
export const PRODUCT_NAME = 'Ask Bubba';
export const PERSONA_NAME = 'Bubba';
export const TAGLINE = 'Investing for the rest of us. No suits required.';
