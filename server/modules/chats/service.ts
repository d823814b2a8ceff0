import { randomUUID } from 'node:crypto';
import { and, desc, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  CHAT_LIMITS, listingMarkerMessage, type Chat, type ChatMessage, type ChatSide,
} from '../../../src/domain/chats';
import { CompanyStatus } from '../../../src/domain/companies';
import { EventStatus } from '../../../src/domain/events';
import type { Db } from '../../db/client';
import { chatMessages, chats, companies, listingEvents, listings, plannerEvents, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { HttpError, badRequest, conflict, forbidden, notFound, tooManyRequests } from '../../lib/errors';
import { listingsMatchingEvent, matchingEvents } from '../events/matching';
import { findCompany } from '../listings/ownership';
import { bumpCatalogue } from '../listings/search-cache';
import { isPublic } from '../listings/service';
import { spendEventClickToken } from '../products/event-click-tokens';
import { statisticsService } from '../statistics/service';
import type { CreateChatBody, EventChatBody, SendMessageBody } from './schemas';
import { sendLimitFor } from './send-limit';

export const ChatErrors = {
  NotFound: 'Chat not found',
  NotParticipant: 'You are not a participant of this chat',
  ListingNotFound: 'Listing not found',
  OwnCompany: 'You cannot start a chat with your own company',
  CompanyNotFound: 'Company not found',
  CompanyNoAccess: 'You do not have access to this company',
  CompanyNotActive: 'Company must be active to view messages',
  EventNotFound: 'Event not found',
  EventOrganizer: 'The event was not created by this user',
  MessageIdTaken: 'A message with this id already exists',
} as const;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type ChatRow = typeof chats.$inferSelect;
type MessageRow = typeof chatMessages.$inferSelect;

/** Who may read and write a chat: its customer and its company's owner (an Admin is no party). */
export interface ChatParties {
  chatId: string;
  customerId: string;
  /** Null when the owner's account is gone. */
  companyOwnerId: string | null;
}

/** A message as the wire carries it. A deleted sender shows as '' (never anyone's id, so it reads as "theirs"). */
export function presentMessage(row: Pick<MessageRow, 'id' | 'chatId' | 'senderId' | 'text' | 'createdAt'>): ChatMessage {
  return { id: row.id, chatId: row.chatId, senderId: row.senderId ?? '', text: row.text, timestamp: row.createdAt.toISOString() };
}

/** The newest message as json_build_object gives it (timestamps as text; node-postgres and PGlite parse json). */
interface LastMessageJson { id: string; chatId: string; senderId: string | null; text: string; createdAt: string }

const lastMessageOf = (value: LastMessageJson | string | null): ChatMessage | null => {
  if (value === null) return null;
  const m = typeof value === 'string' ? (JSON.parse(value) as LastMessageJson) : value;
  return presentMessage({ ...m, createdAt: new Date(m.createdAt) });
};

/** The sort key of the lists (and Chat.timestamp): the last message, else the creation. */
const activity = sql`coalesce(${chats.lastMessageAt}, ${chats.createdAt})`;
const notDeleted = ne(companies.status, CompanyStatus.Deleted);

/**
 * Messages of the other side newer than this side's last read. The customer's other side is
 * anyone but the customer (the owner, or a former owner whose account is gone).
 */
const unreadFor = (side: ChatSide) => (side === 'customer'
  ? sql`(select count(*) from chat_messages m where m.chat_id = ${chats.id}
      and m.sender_id is distinct from ${chats.customerId}
      and m.created_at > coalesce(${chats.customerLastReadAt}, '-infinity'))`
  : sql`(select count(*) from chat_messages m where m.chat_id = ${chats.id}
      and m.sender_id = ${chats.customerId}
      and m.created_at > coalesce(${chats.companyLastReadAt}, '-infinity'))`);

/**
 * The chats, chat storage and messages of spec 3 (docs/api.md "Chats"). Every read answers
 * Chat as src/domain/chats.ts defines it, with lastMessage and unreadCount computed in the one
 * query (no query per chat). A Deleted company's chats are hidden from both sides (404).
 */
export function chatService(deps: AppDeps) {
  const { db, clock } = deps;
  const sendLimit = sendLimitFor(deps);

  /** Chats matching `where`, presented for `side`, newest activity first. */
  async function select(where: SQL | undefined, side: ChatSide): Promise<Chat[]> {
    const rows = await db.select({
      chat: chats,
      companyName: companies.name,
      companyLogoId: companies.logoImageUri,
      firstName: users.firstName,
      lastName: users.lastName,
      unread: sql<number>`${unreadFor(side)}`.mapWith(Number),
      last: sql<LastMessageJson | string | null>`(select json_build_object('id', m.id, 'chatId', m.chat_id,
        'senderId', m.sender_id, 'text', m.text, 'createdAt', m.created_at)
        from chat_messages m where m.chat_id = ${chats.id} order by m.seq desc limit 1)`,
    }).from(chats)
      .innerJoin(companies, eq(companies.id, chats.companyId))
      .innerJoin(users, eq(users.id, chats.customerId))
      .where(and(where, notDeleted))
      .orderBy(desc(activity), desc(chats.id));
    return rows.map((r) => present(r.chat, side, r));
  }

  function present(row: ChatRow, side: ChatSide, r: { companyName: string; companyLogoId: string | null; firstName: string; lastName: string;
    unread: number; last: LastMessageJson | string | null }): Chat {
    return {
      id: row.id,
      listingId: row.listingId,
      listingName: row.listingName,
      eventId: row.eventId,
      eventName: row.eventName,
      companyId: row.companyId,
      companyName: r.companyName,
      companyLogoId: r.companyLogoId,
      customerId: row.customerId,
      userFullName: `${r.firstName} ${r.lastName}`.trim(),
      side,
      lastMessage: lastMessageOf(r.last),
      unreadCount: r.unread,
      timestamp: (row.lastMessageAt ?? row.createdAt).toISOString(),
      createdAt: row.createdAt.toISOString(),
    };
  }

  const one = async (chatId: string, side: ChatSide): Promise<Chat> => {
    const [chat] = await select(eq(chats.id, chatId), side);
    if (!chat) throw notFound(ChatErrors.NotFound);
    return chat;
  };

  /** The chat's parties, or null for an unknown chat or one of a Deleted company. */
  async function parties(chatId: string): Promise<ChatParties | null> {
    const [row] = await db.select({ chatId: chats.id, customerId: chats.customerId, companyOwnerId: companies.createdById })
      .from(chats).innerJoin(companies, eq(companies.id, chats.companyId))
      .where(and(eq(chats.id, chatId), notDeleted)).limit(1);
    return row ?? null;
  }

  /** The caller's side of the chat: 404 unknown, 403 not a party. */
  async function sideOf(userId: string, chatId: string): Promise<{ side: ChatSide; parties: ChatParties }> {
    const found = await parties(chatId);
    if (!found) throw notFound(ChatErrors.NotFound);
    if (found.customerId === userId) return { side: 'customer', parties: found };
    if (found.companyOwnerId === userId) return { side: 'company', parties: found };
    throw forbidden(ChatErrors.NotParticipant);
  }

  /** The company whose chats the caller reads as its owner: 404 unknown or Deleted, 403 someone else's (Admins too). */
  async function ownedCompany(userId: string, companyId: string) {
    const company = await findCompany(db, companyId);
    if (!company || company.status === CompanyStatus.Deleted) throw notFound(ChatErrors.CompanyNotFound);
    if (company.createdById !== userId) throw forbidden(ChatErrors.CompanyNoAccess);
    return company;
  }

  async function insertMessage(tx: Tx, values: { id: string; chatId: string; senderId: string; text: string; createdAt: Date }, side: ChatSide) {
    // The chat row is locked for the insert, and each message is stamped at least 1 ms after the
    // one before: within a chat, time order is the insert order (seq), even for two sends in one
    // millisecond or from processes whose clocks differ a little. Clients sort by the timestamp.
    const [locked] = await tx.select({ lastMessageAt: chats.lastMessageAt }).from(chats).where(eq(chats.id, values.chatId)).for('update');
    const floor = locked?.lastMessageAt ? locked.lastMessageAt.getTime() + 1 : -Infinity;
    if (values.createdAt.getTime() < floor) values = { ...values, createdAt: new Date(floor) };
    const [row] = await tx.insert(chatMessages).values(values).onConflictDoNothing().returning();
    if (!row) return null;
    // Writing is reading: the sender has seen everything up to their own message.
    await tx.update(chats).set({
      lastMessageAt: values.createdAt,
      ...(side === 'customer' ? { customerLastReadAt: values.createdAt } : { companyLastReadAt: values.createdAt }),
    }).where(eq(chats.id, values.chatId));
    return row;
  }

  return {
    parties,
    sideOf,

    /** GET /chats: the caller's chats as the customer. */
    listAsCustomer: (userId: string) => select(eq(chats.customerId, userId), 'customer'),

    /** GET /chats/company/{companyId}: the company's chats, for its owner. */
    async listForCompany(userId: string, companyId: string): Promise<Chat[]> {
      await ownedCompany(userId, companyId);
      return select(eq(chats.companyId, companyId), 'company');
    },

    /** GET /chats/unread: over the caller's customer chats and the chats of every company they own. */
    async unreadCount(userId: string): Promise<number> {
      const [row] = await db.select({
        count: sql<number>`coalesce(sum(case when ${chats.customerId} = ${userId} then ${unreadFor('customer')}
          else ${unreadFor('company')} end), 0)`.mapWith(Number),
      }).from(chats).innerJoin(companies, eq(companies.id, chats.companyId))
        .where(and(notDeleted, or(eq(chats.customerId, userId), eq(companies.createdById, userId))));
      return row?.count ?? 0;
    },

    /** GET /chats/{chatId}: the chat with its newest messages, oldest first. */
    async get(userId: string, chatId: string): Promise<Chat> {
      const { side } = await sideOf(userId, chatId);
      const chat = await one(chatId, side);
      const rows = await db.select().from(chatMessages).where(eq(chatMessages.chatId, chatId))
        .orderBy(desc(chatMessages.seq)).limit(CHAT_LIMITS.messagesPerChat);
      return { ...chat, messages: rows.reverse().map(presentMessage) };
    },

    /**
     * POST /chats: the customer's chat about a public listing, made once. A new one records the
     * listing's chatStart statistic and carries the listing marker as its first message, all in
     * one transaction. `messageId` is that first message (to announce), null for an existing chat.
     */
    async startListingChat(userId: string, body: CreateChatBody): Promise<{ chat: Chat; created: boolean; messageId: string | null }> {
      const existing = async () => {
        const [row] = await db.select({ id: chats.id }).from(chats).innerJoin(companies, eq(companies.id, chats.companyId))
          .where(and(eq(chats.customerId, userId), eq(chats.listingId, body.listingId), notDeleted)).limit(1);
        return row ? one(row.id, 'customer') : null;
      };
      const found = await existing();
      if (found) return { chat: found, created: false, messageId: null };

      const [listing] = await db.select({ id: listings.id, name: listings.name, companyId: listings.companyId, ownerId: companies.createdById })
        .from(listings).innerJoin(companies, eq(companies.id, listings.companyId))
        .where(and(eq(listings.id, body.listingId), isPublic)).limit(1);
      if (!listing) throw notFound(ChatErrors.ListingNotFound);
      if (listing.ownerId === userId) throw badRequest(ChatErrors.OwnCompany);

      const now = clock();
      const made = await db.transaction(async (tx) => {
        const [row] = await tx.insert(chats).values({
          companyId: listing.companyId, customerId: userId, listingId: listing.id, listingName: listing.name,
          createdAt: now, customerLastReadAt: now,
        }).onConflictDoNothing().returning({ id: chats.id });
        // Another request of this customer made it first: that one recorded the statistic.
        if (!row) return null;
        const message = await insertMessage(tx, {
          id: randomUUID(), chatId: row.id, senderId: userId, text: listingMarkerMessage(listing.id), createdAt: now,
        }, 'customer');
        await statisticsService(tx, clock).record({ listingId: listing.id, eventType: 'chatstart' }, userId);
        return { chatId: row.id, messageId: message!.id };
      });
      if (!made) {
        const raced = await existing();
        if (!raced) throw conflict('This chat changed meanwhile. Try again.');
        return { chat: raced, created: false, messageId: null };
      }
      return { chat: await one(made.chatId, 'customer'), created: true, messageId: made.messageId };
    },

    /**
     * POST /chats/event-chat: the company's chat with an event's organizer, made once per
     * company and event. Only for the company's owner, while it is Active, about an Approved
     * event that matches the company's listings (the events the company can see). A new chat is
     * an event click: it spends a token of a subscribed company and records an 'eventhit' on each
     * of the company's listings that match the event; the existing chat is answered for free.
     */
    async startEventChat(userId: string, body: EventChatBody): Promise<{ chat: Chat; created: boolean }> {
      const company = await ownedCompany(userId, body.companyId);
      if (company.status !== CompanyStatus.Active) throw conflict(ChatErrors.CompanyNotActive);
      if (body.userId === userId) throw badRequest(ChatErrors.OwnCompany);
      const organizerMismatch = () =>
        badRequest(ChatErrors.EventOrganizer, [{ field: 'userId', message: ChatErrors.EventOrganizer }]);

      const existing = async () => {
        const [row] = await db.select({ id: chats.id, customerId: chats.customerId }).from(chats)
          .where(and(eq(chats.companyId, company.id), eq(chats.eventId, body.eventId))).limit(1);
        if (!row) return null;
        if (row.customerId !== body.userId) throw organizerMismatch();
        return one(row.id, 'company');
      };
      const found = await existing();
      if (found) return { chat: found, created: false };

      const [event] = await db.select().from(plannerEvents).where(eq(plannerEvents.id, body.eventId)).limit(1);
      // Events a company cannot see (not Approved, or not matching its listings) answer as unknown ones.
      if (!event || event.status !== EventStatus.Approved) throw notFound(ChatErrors.EventNotFound);
      if (event.createdById !== body.userId) throw organizerMismatch();
      const visible = (await matchingEvents(db, company.id)).some((e) => e.id === event.id);
      if (!visible) throw notFound(ChatErrors.EventNotFound);

      const now = clock();
      // The chat, its event click and its event hits are one write: a company without event
      // clicks left gets a 409 and nothing is stored (docs/api.md "Event clicks and event hits").
      const row = await db.transaction(async (tx) => {
        const [made] = await tx.insert(chats).values({
          companyId: company.id, customerId: event.createdById, eventId: event.id, eventName: event.eventConfig.eventName || null,
          createdAt: now, companyLastReadAt: now,
        }).onConflictDoNothing().returning({ id: chats.id });
        // Another request of this company made it first: that one paid the click.
        if (!made) return null;
        await spendEventClickToken(tx, company.id, now);
        const hits = await listingsMatchingEvent(tx, company.id, event.id);
        if (hits.length > 0) {
          await tx.insert(listingEvents).values(hits.map((listingId) => ({
            listingId, eventType: 'eventhit' as const, userId, metadata: { eventId: event.id }, createdAt: now,
          })));
        }
        return made;
      });
      if (!row) {
        const raced = await existing();
        if (!raced) throw conflict('This chat changed meanwhile. Try again.');
        return { chat: raced, created: false };
      }
      // The token balances on the company row changed (after the commit, so no read caches the old row).
      bumpCatalogue();
      return { chat: await one(row.id, 'company'), created: true };
    },

    /**
     * Stores a message from a party (REST and hub alike). A replay (same id, same sender, same
     * chat) answers the stored message with `created: false`; the id used for anything else is a 409.
     */
    async send(userId: string, chatId: string, body: SendMessageBody): Promise<{ message: ChatMessage; created: boolean }> {
      const { side } = await sideOf(userId, chatId);
      const wait = await sendLimit.waitSeconds(userId);
      if (wait) throw tooManyRequests(`Too many messages. Please try again in ${wait} seconds.`, wait);
      const id = body.id ?? randomUUID();
      const row = await db.transaction((tx) => insertMessage(tx, { id, chatId, senderId: userId, text: body.text, createdAt: clock() }, side));
      if (row) {
        await sendLimit.count(userId);
        return { message: presentMessage(row), created: true };
      }
      const [stored] = await db.select().from(chatMessages).where(eq(chatMessages.id, id)).limit(1);
      if (stored && stored.chatId === chatId && stored.senderId === userId) return { message: presentMessage(stored), created: false };
      throw conflict(ChatErrors.MessageIdTaken);
    },

    /** POST /chats/{chatId}/read: the caller's side has read everything there is now. */
    async markRead(userId: string, chatId: string): Promise<void> {
      const { side } = await sideOf(userId, chatId);
      // Never behind the newest message, even when it was stamped by a process whose clock runs ahead.
      const upTo = sql`greatest(${clock().toISOString()}::timestamptz, coalesce(${chats.lastMessageAt}, '-infinity'))`;
      await db.update(chats).set(side === 'customer' ? { customerLastReadAt: upTo } : { companyLastReadAt: upTo })
        .where(eq(chats.id, chatId));
    },

    /** A stored message with its chat's parties, for the hub's push; null when it or the chat is gone. */
    async messageForPush(chatId: string, messageId: string): Promise<{ message: ChatMessage; parties: ChatParties } | null> {
      const found = await parties(chatId);
      if (!found) return null;
      const [row] = await db.select().from(chatMessages)
        .where(and(eq(chatMessages.id, messageId), eq(chatMessages.chatId, chatId))).limit(1);
      return row ? { message: presentMessage(row), parties: found } : null;
    },
  };
}

export type ChatService = ReturnType<typeof chatService>;

/** For the hub: an HttpError's message is the HubError's; anything else is not the caller's to see. */
export const isHttpError = (error: unknown): error is HttpError => error instanceof HttpError;
