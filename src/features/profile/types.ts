import type { Snapshot } from 'valtio';
import type { User } from '../../domain/user';

/** The user as the screen reads it from the session (a read-only snapshot). */
export type ProfileUser = Snapshot<User>;
