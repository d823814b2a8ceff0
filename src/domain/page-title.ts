/** A page's title: what it is about, then the app's name (the server's head tags and the app's window title). */
export const titled = (name: string): string => `${name} | EventMarket`;
