import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../src/api/http';
import { db } from '../../../../src/db/database';
import { chatScope } from '../../../../src/db/chats';
import { listingMarkerMessage, type Chat } from '../../../../src/domain/chats';
import { EventClickMessages } from '../../../../src/domain/products';
import MessagesPage from '../../../../src/features/messages/MessagesPage';
import { useChatConnection } from '../../../../src/realtime/chat-connection';
import { session } from '../../../../src/state/session';
import * as chats from '../../../../src/sync/chats';
import { makeUser } from '../profile/helpers';
import { goOffline, renderAt } from '../planner/helpers';
import { chatRow, messageRow, store } from './helpers';

vi.mock('../../../../src/sync/chats', () => ({
  pullChats: vi.fn(), pullChat: vi.fn(), startListingChat: vi.fn(), startEventChat: vi.fn(),
  sendChatMessage: vi.fn(), retryChatMessage: vi.fn(), discardChatMessage: vi.fn(), markChatRead: vi.fn(),
}));
vi.mock('../../../../src/realtime/chat-connection', () => ({ useChatConnection: vi.fn(() => 'connected') }));
// The listing card's refresh: no server here; the card reads what Dexie holds.
vi.mock('../../../../src/sync/pull', async (original) => ({
  ...(await original<typeof import('../../../../src/sync/pull')>()),
  pullListing: vi.fn(async () => undefined),
}));

const mocked = vi.mocked(chats);

beforeEach(async () => {
  await db.delete();
  await db.open();
  session.user = makeUser();
  for (const fn of Object.values(mocked)) fn.mockReset();
  mocked.pullChats.mockResolvedValue();
  mocked.pullChat.mockResolvedValue();
  mocked.sendChatMessage.mockResolvedValue();
  mocked.markChatRead.mockResolvedValue();
  mocked.retryChatMessage.mockResolvedValue();
  mocked.discardChatMessage.mockResolvedValue();
  vi.mocked(useChatConnection).mockReturnValue('connected');
});
afterEach(() => {
  vi.restoreAllMocks();
  session.user = null;
});

const page = (path: string) => renderAt(<MessagesPage />, path);

const asChat = (id: string, extra: Partial<Chat> = {}): Chat => {
  const { userId: _u, scope: _s, fetchedAt: _f, ...chat } = chatRow(id, extra);
  return chat;
};

describe('/messages: the chat list', () => {
  it('lists the customer’s chats from Dexie, newest first, with names, subjects, previews and unread badges', async () => {
    await store([
      chatRow('a', { timestamp: new Date(Date.now() - 3_600_000).toISOString(), lastMessage: messageRow('m1', 'a', { senderId: 'co-owner', text: 'Hello there' }), unreadCount: 2 }),
      chatRow('b', { lastMessage: messageRow('m2', 'b', { text: listingMarkerMessage('0a1b') }) }),
      // Another scope (a company's list) is not shown on the customer side.
      chatRow('c', { scope: chatScope('co-9'), side: 'company' }),
    ]);
    page('/messages');
    const items = await screen.findAllByTestId('chat-item');
    expect(items.map((i) => within(i).getByTestId('chat-name').textContent)).toEqual(['Company b', 'Company a']);
    expect(within(items[1]!).getByTestId('chat-subject').textContent).toBe('Listing a');
    expect(within(items[1]!).getByTestId('chat-preview').textContent).toBe('Hello there');
    // A listing marker previews as the listing's name, mine prefixed.
    expect(within(items[0]!).getByTestId('chat-preview').textContent).toBe('You: Listing b');
    expect(within(items[1]!).getByRole('img', { name: '2 unread messages' }).textContent).toBe('2');
    expect(within(items[0]!).queryByTestId('unread-badge')).toBeNull();
    expect(items[0]!.getAttribute('href')).toBe('/messages?chatId=b');
    expect(screen.getByText('Select a chat to start messaging')).toBeTruthy();
    expect(mocked.pullChats).toHaveBeenCalledWith('u1', null);
  });

  it('shows a friendly text when there are no chats', async () => {
    page('/messages');
    expect((await screen.findByTestId('chats-empty')).textContent).toContain('You have no chats yet.');
  });

  it('shows the load error with Retry when the pull fails and nothing is stored, and retries', async () => {
    mocked.pullChats.mockRejectedValueOnce(new Error('boom'));
    page('/messages');
    await screen.findByText('Failed to load chats');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByTestId('chats-empty');
    expect(mocked.pullChats).toHaveBeenCalledTimes(2);
  });

  it('company mode reads and pulls the company’s scope and names the customers', async () => {
    await store([
      chatRow('a', { scope: chatScope('co-1'), side: 'company', unreadCount: 1 }),
      chatRow('b'),
    ]);
    page('/messages?isCompany=true&companyId=co-1');
    const items = await screen.findAllByTestId('chat-item');
    expect(items.map((i) => within(i).getByTestId('chat-name').textContent)).toEqual(['Customer a']);
    expect(items[0]!.getAttribute('href')).toBe('/messages?isCompany=true&companyId=co-1&chatId=a');
    expect(mocked.pullChats).toHaveBeenCalledWith('u1', 'co-1');
  });

  it('company mode with no chats says so', async () => {
    page('/messages?isCompany=true&companyId=co-1');
    expect((await screen.findByTestId('chats-empty')).textContent).toContain('No customer messages yet');
  });
});

describe('/messages: a conversation', () => {
  it('shows the messages, mine and theirs, a listing marker as a listing card, and marks the chat read', async () => {
    const listingId = '0a1b-22';
    await db.listings.put({ id: listingId, name: 'Fjord Hall', shortDescription: '', price: 1500, cardImageUri: null, categoryId: 'c',
      subCategoryId: null, subCategoryServiceIds: [], company: { id: 'co-1', name: 'Fjord', logoImageUri: null }, detail: false, companyId: 'co-1', fetchedAt: 1 } as never);
    await store([chatRow('a', { unreadCount: 1 })], [
      messageRow('m1', 'a', { text: listingMarkerMessage(listingId), timestamp: new Date(Date.now() - 120_000).toISOString() }),
      messageRow('m2', 'a', { senderId: 'owner', text: 'Line one\nLine two <b>not bold</b>', timestamp: new Date(Date.now() - 60_000).toISOString() }),
    ]);
    page('/messages?chatId=a');
    const log = await screen.findByRole('log');
    // Silent while the history is read in, then announces what arrives.
    expect(log.getAttribute('aria-live')).toBe('off');
    await waitFor(() => expect(log.getAttribute('aria-live')).toBe('polite'));
    const card = await within(log).findByTestId('listing-message');
    expect(card.getAttribute('href')).toBe(`/listing/${listingId}`);
    await waitFor(() => expect(within(card).getByTestId('listing-message-name').textContent).toBe('Fjord Hall'));
    expect(within(card).getByTestId('listing-message-price').textContent).toContain('Kr');
    const [first, second] = within(log).getAllByTestId('message');
    expect(first!.dataset.mine).toBe('true');
    expect(second!.dataset.mine).toBeUndefined();
    const text = within(second!).getByTestId('message-text');
    expect(text.textContent).toBe('Line one\nLine two <b>not bold</b>');
    expect(text.querySelector('b')).toBeNull();
    expect(screen.getByTestId('chat-title').textContent).toBe('Company a');
    expect(screen.getByTestId('chat-company-link').getAttribute('href')).toBe('/company-overview?companyId=co-1');
    expect(mocked.pullChat).toHaveBeenCalledWith('u1', 'a');
    await waitFor(() => expect(mocked.markChatRead).toHaveBeenCalledWith('u1', 'a'));
    expect(vi.mocked(useChatConnection)).toHaveBeenLastCalledWith('u1', 'a');
    // Its own write of 0 does not mark it again; a message arriving while it is open does.
    await act(() => db.chats.update('a', { unreadCount: 0 }));
    await waitFor(() => expect(screen.queryByTestId('unread-badge')).toBeNull());
    expect(mocked.markChatRead).toHaveBeenCalledTimes(1);
    await act(() => db.chats.update('a', { unreadCount: 1 }));
    await waitFor(() => expect(mocked.markChatRead).toHaveBeenCalledTimes(2));
  });

  it('Enter sends the trimmed text and clears the box; Shift+Enter does not; blank cannot be sent', async () => {
    await store([chatRow('a')]);
    page('/messages?chatId=a');
    const box = await screen.findByRole('textbox', { name: 'Message' });
    const send = screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    fireEvent.change(box, { target: { value: '   ' } });
    expect(send.disabled).toBe(true);
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(mocked.sendChatMessage).not.toHaveBeenCalled();
    fireEvent.change(box, { target: { value: '  Hi\nthere  ' } });
    expect(send.disabled).toBe(false);
    fireEvent.keyDown(box, { key: 'Enter', shiftKey: true });
    expect(mocked.sendChatMessage).not.toHaveBeenCalled();
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(mocked.sendChatMessage).toHaveBeenCalledWith('u1', 'a', 'Hi\nthere'));
    expect((box as HTMLTextAreaElement).value).toBe('');
    expect(document.activeElement).toBe(box);
  });

  it('keeps a draft per chat while switching', async () => {
    await store([chatRow('a'), chatRow('b')]);
    const { location } = page('/messages?chatId=a');
    fireEvent.change(await screen.findByRole('textbox', { name: 'Message' }), { target: { value: 'draft for a' } });
    act(() => location.navigate('/messages?chatId=b'));
    await waitFor(() => expect(screen.getByTestId('chat-title').textContent).toBe('Company b'));
    expect((screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement).value).toBe('');
    act(() => location.navigate('/messages?chatId=a'));
    await waitFor(() => expect(screen.getByTestId('chat-title').textContent).toBe('Company a'));
    expect((screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement).value).toBe('draft for a');
  });

  it('a pending message shows Sending…; a failed one its error with Retry and Discard', async () => {
    await store([chatRow('a')], [
      messageRow('p1', 'a', { state: 'pending', localOrder: 1 }),
      messageRow('f1', 'a', { state: 'failed', error: 'Chat not found', localOrder: 2 }),
    ]);
    page('/messages?chatId=a');
    expect((await screen.findByTestId('message-pending')).textContent).toContain('Sending…');
    const failed = await screen.findByTestId('message-failed');
    expect(failed.textContent).toContain('Chat not found');
    fireEvent.click(within(failed).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(mocked.retryChatMessage).toHaveBeenCalledWith('u1', 'f1'));
    await waitFor(() => expect((within(failed).getByRole('button', { name: 'Discard' }) as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(within(failed).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(mocked.discardChatMessage).toHaveBeenCalledWith('u1', 'f1'));
  });

  it('on a phone one pane at a time: the list without a chat, the conversation (with Back) with one', async () => {
    await store([chatRow('a')]);
    const { location } = page('/messages');
    await screen.findAllByTestId('chat-item');
    expect(screen.getByTestId('chats-pane').className).toMatch(/(^| )flex( |$)/);
    expect(screen.getByTestId('conversation-pane').className).toMatch(/(^| )hidden( |$)/);
    act(() => location.navigate('/messages?chatId=a'));
    await screen.findByTestId('conversation');
    expect(screen.getByTestId('chats-pane').className).toMatch(/(^| )hidden( |$)/);
    expect(screen.getByTestId('conversation-pane').className).toMatch(/(^| )flex( |$)/);
    expect(screen.getByTestId('chat-back').getAttribute('href')).toBe('/messages');
  });

  it('counts characters near the limit and refuses more than 4000', async () => {
    await store([chatRow('a')]);
    page('/messages?chatId=a');
    const box = await screen.findByRole('textbox', { name: 'Message' });
    expect(screen.queryByTestId('composer-counter')).toBeNull();
    fireEvent.change(box, { target: { value: 'x'.repeat(4000) } });
    expect(screen.getByTestId('composer-counter').textContent).toBe('4000 / 4000');
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(false);
    fireEvent.change(box, { target: { value: 'x'.repeat(4001) } });
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(mocked.sendChatMessage).not.toHaveBeenCalled();
  });

  it('offline, stored chats and conversations show with a note, and sending still queues', async () => {
    goOffline();
    mocked.pullChats.mockRejectedValue(new Error('offline'));
    mocked.pullChat.mockRejectedValue(new Error('offline'));
    await store([chatRow('a')], [messageRow('m1', 'a')]);
    page('/messages?chatId=a');
    expect((await screen.findByTestId('connection-note')).textContent).toContain('new messages are sent when you are back online');
    await screen.findByText('Text m1');
    await screen.findByTestId('chats-stale');
    fireEvent.change(screen.getByRole('textbox', { name: 'Message' }), { target: { value: 'later' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(mocked.sendChatMessage).toHaveBeenCalledWith('u1', 'a', 'later'));
  });

  it('shows the connection’s trouble discreetly', async () => {
    vi.mocked(useChatConnection).mockReturnValue('no-token');
    page('/messages');
    expect((await screen.findByTestId('connection-note')).textContent).toBe('No authentication token found');
  });
});

describe('/messages: starting a chat from a link', () => {
  it('newChat starts the listing chat once and opens it, replacing the address', async () => {
    mocked.startListingChat.mockImplementation(async () => {
      await store([chatRow('new')]);
      return asChat('new');
    });
    const { location } = page('/messages?mode=newChat&companyId=co-1&companyName=Fjord&listingId=l-1&listingName=Hall');
    await waitFor(() => expect(location.history.at(-1)).toBe('/messages?chatId=new'));
    await screen.findByTestId('conversation');
    expect(mocked.startListingChat).toHaveBeenCalledTimes(1);
    expect(mocked.startListingChat).toHaveBeenCalledWith('u1', { listingId: 'l-1', companyName: 'Fjord', listingName: 'Hall' });
  });

  it("shows 'Failed to create chat' with Retry, which tries again", async () => {
    mocked.startListingChat.mockRejectedValueOnce(new Error('offline'));
    mocked.startListingChat.mockResolvedValueOnce(asChat('new'));
    const { location } = page('/messages?mode=newChat&companyId=co-1&companyName=Fjord&listingId=l-1&listingName=Hall');
    await screen.findByText('Failed to create chat');
    fireEvent.click(within(screen.getByTestId('chat-start-failed')).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/messages?chatId=new'));
    expect(mocked.startListingChat).toHaveBeenCalledTimes(2);
  });

  it('says when the company has no event clicks left and links to its plans instead of only failing', async () => {
    mocked.startEventChat.mockRejectedValueOnce(new ApiError(409, EventClickMessages.NoneLeft));
    page('/messages?mode=new-event-chat&isCompany=true&companyId=co-1&customerId=u7&eventId=e1');
    const failed = await screen.findByTestId('chat-start-failed');
    expect(within(failed).getByRole('alert').textContent).toContain('Failed to create chat');
    expect(failed.textContent).toContain('No event clicks left: buy a plan or a token pack to contact more event planners');
    expect(within(failed).getByRole('link', { name: 'See plans and token packs' }).getAttribute('href')).toBe('/company?companyId=co-1&view=subscription');
  });

  it('shows no plans link when an event chat fails for another reason', async () => {
    mocked.startEventChat.mockRejectedValueOnce(new ApiError(404, 'Event not found'));
    page('/messages?mode=new-event-chat&isCompany=true&companyId=co-1&customerId=u7&eventId=e1');
    const failed = await screen.findByTestId('chat-start-failed');
    expect(failed.textContent).not.toContain('No event clicks left');
    expect(within(failed).queryByRole('link', { name: 'See plans and token packs' })).toBeNull();
    expect(within(failed).getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('new-event-chat starts the company’s event chat and opens it on the company side', async () => {
    mocked.startEventChat.mockResolvedValue(asChat('ev', { side: 'company' }));
    const { location } = page('/messages?mode=new-event-chat&isCompany=true&companyId=co-1&customerId=u7&eventId=e1');
    await waitFor(() => expect(location.history.at(-1)).toBe('/messages?isCompany=true&companyId=co-1&chatId=ev'));
    expect(mocked.startEventChat).toHaveBeenCalledTimes(1);
    expect(mocked.startEventChat).toHaveBeenCalledWith('u1', { userId: 'u7', companyId: 'co-1', eventId: 'e1' });
    expect(mocked.pullChats).toHaveBeenCalledWith('u1', 'co-1');
  });
});
