/**
 * The shape of an entity id: a UUID (8-4-4-4-12 hex digits, any version). The server refuses
 * anything else with a 400 before looking, so the app can tell "no such thing" without asking.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: string): boolean => UUID.test(value);
