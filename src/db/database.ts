import Dexie, { type Table } from 'dexie';
import type { Region } from '../domain/locations';
import type { Chat, ChatMessage } from '../domain/chats';
import type { Company, OwnedCompany } from '../domain/companies';
import type { PlannerEvent } from '../domain/events';
import type { CategorySearchResult, Listing, ListingCard, SearchResponse } from '../domain/listings';
import type { Category, CategoryService, SubCategory, SubCategoryService } from '../domain/taxonomy';
import type { FileManifestEntry, User } from '../domain/user';

/**
 * The app's read model (ARCHITECTURE §2): every mirrored entity lives here, filled by `src/sync`
 * pulls and read by screens through `useLiveQuery`. Tables marked LOCAL-ONLY never come from the
 * server as such and are not replaced by pulls.
 */

/** Server order of a full list (the API sorts; Dexie keeps it in `position`). */
interface Ordered {
  position: number;
}

export type StoredCategory = Category & Ordered;
export type StoredSubCategory = SubCategory & Ordered;
export type StoredCategoryService = CategoryService & Ordered;
export type StoredSubCategoryService = SubCategoryService & Ordered;
export type StoredRegion = Region & Ordered;

/** When a row was written from the server (ms since epoch). */
interface Fetched {
  fetchedAt: number;
}

/**
 * A listing as a card (from search, byIds) or in full (GET /listing/{id}). `detail` tells them
 * apart: a card never overwrites a detail. `companyId` is set on both so both are indexed.
 */
export type StoredListing =
  | (ListingCard & Fetched & { detail: false; companyId: string })
  | (Listing & Fetched & { detail: true });

export type StoredCompany = Company & Fetched;

/** The signed-in user's profile (GET /users/profile), edited offline through the outbox. Per-user. */
export type StoredProfile = User & Fetched;

/** One favourite of one user; `position` 0 is the newest (the server's order). */
export interface StoredFavorite {
  userId: string;
  listingId: string;
  position: number;
}

/** One page of POST /listing/search: the ordered ids; the cards themselves live in `listings`. */
export interface SearchPageRecord extends Fetched, Omit<SearchResponse, 'listings'> {
  /** `${queryKey}#${pageNumber}`. */
  key: string;
  /** The normalized request without its page number: every page of one browse shares it. */
  queryKey: string;
  listingIds: string[];
}

export interface SearchCategoryRecord extends CategorySearchResult, Fetched {
  /** The trimmed query ('' = every public listing). */
  query: string;
}

export type StoredFile = FileManifestEntry;

/**
 * ARCHITECTURE §3's outbox entry: a queued write (`sync/outbox.ts`), sent by `sync/replay.ts`;
 * pulls hold back rows with entries (`sync/pending.ts`). LOCAL-ONLY.
 */
export type OutboxState = 'pending' | 'sending' | 'failed' | 'conflict';
export interface OutboxEntry {
  /** What the write kind needs to apply, settle or undo it (see sync/entities). */
  payload?: unknown;
  seq?: number;
  /** UUID, sent as Idempotency-Key. */
  id: string;
  userId: string;
  kind: string;
  method: 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
  /** The mirrored entity the write touches (an `EntityName` of sync/entities) and its key (the listing id, the user id). */
  entity: string;
  entityId: string;
  baseVersion: number | null;
  createdAt: number;
  attempts: number;
  state: OutboxState;
  lastError: string | null;
  /** The server's field messages with a 4xx, for the form that made the change. */
  fieldErrors?: { field: string; message: string }[];
}

/** A company of the signed-in user (GET /company/by-user), every status, edited offline through the outbox. */
export type StoredOwnedCompany = OwnedCompany & Fetched & { userId: string };

/**
 * A listing of one of the user's companies as the owner sees it (every status), edited offline
 * through the outbox. A listing created offline has its device-made id until the server has it.
 */
export type StoredOwnedListing = Listing & Fetched & { userId: string };

/**
 * What a form holds while the user types (a company form, a listing being edited), kept so a
 * closed tab, a reload or a dead battery loses nothing. `key` names the form and its record
 * ('company:new', 'listing:{id}'). Removed when the form is saved or cancelled.
 */
export interface StoredFormDraft {
  userId: string;
  key: string;
  value: unknown;
  updatedAt: number;
}

/**
 * An image chosen while offline (or not yet uploaded), kept on the device under the file id it
 * will have on the server (PUT /files/{id} creates it), so a write that names the id can be
 * queued behind its upload and the screens can show it before it is sent.
 */
export interface StoredLocalFile {
  id: string;
  userId: string;
  bytes: ArrayBuffer;
  type: string;
  name: string;
  createdAt: number;
}

/** One of the user's planner events (GET /PlannerEvent), drafted and edited offline through the outbox. */
export type StoredPlannerEvent = PlannerEvent & Fetched & { userId: string };

/**
 * One chat of the signed-in user, as listed for one scope: 'customer' (GET /chats) or
 * 'company:{companyId}' (GET /chats/company/{id}). Without `messages` (they live in chatMessages).
 */
export type StoredChat = Omit<Chat, 'messages'> & Fetched & { userId: string; scope: string };

/**
 * One message of a chat. `state` 'sent' is on the server; 'pending' is queued in the outbox (written
 * offline or not yet answered); 'failed' was refused (`error` says why) and offers retry. A pending
 * message's `timestamp` is the device's time when it was written; `localOrder` keeps the order the
 * user wrote them in.
 */
export type StoredChatMessage = ChatMessage & {
  userId: string;
  state: 'sent' | 'pending' | 'failed';
  error?: string;
  localOrder?: number;
};

/**
 * An answer the user last saw on a read-only screen (statistics of a company for a range, the
 * company's subscription, the plans on sale), kept per user so the screen opens offline with it.
 * `key` names the screen's question (e.g. 'statistics:{companyId}:{start}:{end}'); `savedAt` is
 * when it was fetched (ms), for a 'figures from …' note.
 */
export interface StoredSavedView {
  userId: string;
  key: string;
  value: unknown;
  savedAt: number;
}

/** LOCAL-ONLY key/value settings of the sync layer (ETags, last pull times). */
export interface MetaRecord {
  key: string;
  value: unknown;
}

export const DATABASE_NAME = 'eventmarket';

/**
 * Version 1 of the schema as shipped. SCHEMA_V2 to SCHEMA_V6 are the tables each later version
 * added: the history the migration test installs before opening the current schema (SCHEMA).
 */
export const SCHEMA_V1 = {
  categories: 'id, position',
  subCategories: 'id, categoryId, position',
  categoryServices: 'id, categoryId, position',
  subCategoryServices: 'id, subCategoryId, position',
  regions: 'id, country, position',
  listings: 'id, categoryId, companyId, fetchedAt',
  companies: 'id',
  favorites: '[userId+listingId], userId, [userId+position]',
  searchPages: 'key, queryKey, fetchedAt',
  searchCategoryResults: 'query, fetchedAt',
  files: 'blobFileId',
  // LOCAL-ONLY tables: never replaced by a pull.
  outbox: '++seq, &id, userId, state, [entity+entityId]',
  meta: 'key',
} as const;

/** Version 2: the profile is mirrored (offline edits through the outbox). */
export const SCHEMA_V2 = {
  profiles: 'id',
} as const;

/** Version 3: company-side data, editable offline: the user's companies and listings, form drafts, images waiting to upload. */
export const SCHEMA_V3 = {
  ownCompanies: 'id, userId',
  ownListings: 'id, userId, companyId',
  formDrafts: '[userId+key], userId',
  localFiles: 'id, userId',
} as const;

/** Version 4: the planner's events, drafted offline. */
export const SCHEMA_V4 = {
  plannerEvents: 'id, userId',
} as const;

/** Version 5: chats and their messages, readable offline; messages written offline wait in the outbox. */
export const SCHEMA_V5 = {
  chats: 'id, userId, [userId+scope]',
  chatMessages: 'id, userId, [userId+chatId]',
} as const;

/** Version 6: figures and plans last seen by the user (statistics, subscription), shown again offline. */
export const SCHEMA_V6 = {
  savedViews: '[userId+key], userId',
} as const;

/**
 * The schema of version 6, every table: versions 2 to 6 only added tables and none has an
 * upgrader, so only version 6 is declared. Since Dexie 3 a version without an upgrader need not
 * stay declared: Dexie reads the installed database's own stores and adds what is missing
 * (tests/unit/db/migrations.test.ts opens each shipped version). Declaring the six one after
 * another cost the constructor a re-parse of every earlier version at each step, on the way to
 * every start's first read (bench/README.md, "Session 11").
 */
export const SCHEMA = { ...SCHEMA_V1, ...SCHEMA_V2, ...SCHEMA_V3, ...SCHEMA_V4, ...SCHEMA_V5, ...SCHEMA_V6 } as const;

export type TableName = keyof typeof SCHEMA;

/**
 * Tables shared by every user (the catalogue and caches) or LOCAL-ONLY: kept on logout. Every
 * other table holds one user's rows and belongs to exactly one entity of `sync/entities/registry.ts`
 * (a unit test checks both).
 */
export const SHARED_TABLES = [
  'categories', 'subCategories', 'categoryServices', 'subCategoryServices', 'regions', 'listings', 'companies',
  'searchPages', 'searchCategoryResults', 'files', 'outbox', 'meta',
] as const satisfies readonly TableName[];
export type SharedTableName = (typeof SHARED_TABLES)[number];
/** A table of per-user rows: owned by a registry entity, which pulls, reconciles and clears it. */
export type PerUserTableName = Exclude<TableName, SharedTableName>;

export class AppDatabase extends Dexie {
  categories!: Table<StoredCategory, string>;
  subCategories!: Table<StoredSubCategory, string>;
  categoryServices!: Table<StoredCategoryService, string>;
  subCategoryServices!: Table<StoredSubCategoryService, string>;
  regions!: Table<StoredRegion, string>;
  listings!: Table<StoredListing, string>;
  companies!: Table<StoredCompany, string>;
  favorites!: Table<StoredFavorite, [string, string]>;
  searchPages!: Table<SearchPageRecord, string>;
  searchCategoryResults!: Table<SearchCategoryRecord, string>;
  files!: Table<StoredFile, string>;
  outbox!: Table<OutboxEntry, number>;
  meta!: Table<MetaRecord, string>;
  profiles!: Table<StoredProfile, string>;
  ownCompanies!: Table<StoredOwnedCompany, string>;
  ownListings!: Table<StoredOwnedListing, string>;
  formDrafts!: Table<StoredFormDraft, [string, string]>;
  localFiles!: Table<StoredLocalFile, string>;
  plannerEvents!: Table<StoredPlannerEvent, string>;
  chats!: Table<StoredChat, string>;
  chatMessages!: Table<StoredChatMessage, string>;
  savedViews!: Table<StoredSavedView, [string, string]>;

  constructor(name = DATABASE_NAME) {
    super(name);
    this.version(6).stores(SCHEMA);
  }
}

/** The app's one database. */
export const db = new AppDatabase();
