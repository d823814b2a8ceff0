/** Sorting in the app's language rather than the database's collation, the same on PGlite and PostgreSQL. */
const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

export const byName = <T extends { name: string }>(a: T, b: T) => collator.compare(a.name, b.name) || a.name.localeCompare(b.name);
