/**
 * Every kind of queued write. Importing this module registers them all, so the replayer can send
 * entries written by an earlier session. A new kind: a `defineWrite({...})` module, listed here.
 */
export { addFavorite, removeFavorite } from './favorites';
export { updatePreferences, updateProfile } from './profile';
