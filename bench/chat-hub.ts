/**
 * The chat hub under load (`BENCH_SCENARIOS=chat npm run bench`): the real app in this process on
 * a fresh embedded database, 100 listing chats between 100 customers and 100 company owners, 10
 * WebSocket hub connections per chat (5 tabs of the customer, 5 of the owner, each with its own
 * login's access token) driven from a worker thread (chat-hub-worker.mjs), then SendMessage at a
 * steady rate spread over the chats. Prints the connection setup time and the fan-out latency
 * (SendMessage written → ReceiveMessage read at each other connection of the chat).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { CompanyStatus } from '../src/domain/companies';
import { defaultNotificationPreferences } from '../src/domain/user';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { categories, companies, listings, users } from '../server/db/schema';
import { hashPassword } from '../server/lib/passwords';
import { chatService } from '../server/modules/chats/service';
import { createRuntime } from '../server/runtime';

const CHATS = 100;
const TABS_PER_PARTY = 5;
const PASSWORD = 'Bench-password-1';

interface Member { token: string; userId: string }
interface WorkerResult {
  error?: string;
  connections: number; setupMs: number; setupP50: number; setupP99: number;
  sent: number; sendSeconds: number; deliveries: number; expected: number; lost: number; unexpected: number; sendErrors: number;
  deliveriesPerSecond: number; p50: number; p99: number; max: number;
}

export async function chatHubBench(seconds: number): Promise<void> {
  const rate = Number(process.env.BENCH_CHAT_RATE ?? 100);
  const dataDir = await mkdtemp(join(tmpdir(), 'em-bench-chat-'));
  const config = {
    ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', RATE_LIMIT_AUTH_PER_MINUTE: '1000000', PORT: '0' }),
    staticDir: null,
    ssrDir: null,
    inMemoryDatabase: true,
  };
  const { deps, database } = await createRuntime(config);
  const app = await buildApp(deps);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  try {
    const prepared = Date.now();
    const { db } = deps;
    const passwordHash = await hashPassword(PASSWORD);
    const person = (email: string, firstName: string) => ({
      email, passwordHash, firstName, lastName: 'Bench', roles: [], dateOfBirth: '1990-01-01', gender: 'prefer-not-to-say',
      emailConfirmed: true, acceptedTermsAt: new Date(), notificationPreferences: defaultNotificationPreferences(),
    });
    const customers = await db.insert(users).values(Array.from({ length: CHATS }, (_, i) => person(`customer${i}@bench.test`, `Customer${i}`)))
      .returning({ id: users.id, email: users.email });
    const owners = await db.insert(users).values(Array.from({ length: CHATS }, (_, i) => person(`owner${i}@bench.test`, `Owner${i}`)))
      .returning({ id: users.id, email: users.email });
    const [category] = await db.insert(categories).values({ name: 'Bench', sortOrder: 1 }).returning();
    const firms = await db.insert(companies).values(owners.map((o, i) => ({
      name: `Bench firma ${i} AS`, status: CompanyStatus.Active, email: `post${i}@bench.test`, createdById: o.id,
    }))).returning({ id: companies.id, name: companies.name });
    const cards = await db.insert(listings).values(firms.map((f, i) => ({
      companyId: f.id, name: `Bench listing ${i}`, shortDescription: 'Short text', description: '<p>Bench</p>',
      categoryId: category!.id, status: 200, isActive: true,
    }))).returning({ id: listings.id, name: listings.name });
    // Through the service, as POST /chats makes them (first message, statistics row).
    const service = chatService(deps);
    const chatIds: string[] = [];
    for (let i = 0; i < CHATS; i++) {
      const { chat } = await service.startListingChat(customers[i]!.id, { listingId: cards[i]!.id, companyName: firms[i]!.name, listingName: cards[i]!.name });
      chatIds.push(chat.id);
    }
    // A real login per tab (each tab is its own session), 8 at a time: argon2id is the cost here.
    const logins: { email: string; userId: string }[] = [];
    for (let i = 0; i < CHATS; i++) {
      for (let t = 0; t < TABS_PER_PARTY; t++) {
        logins.push({ email: customers[i]!.email, userId: customers[i]!.id }, { email: owners[i]!.email, userId: owners[i]!.id });
      }
    }
    const tokens: Member[] = new Array<Member>(logins.length);
    let next = 0;
    await Promise.all(Array.from({ length: 8 }, async () => {
      while (next < logins.length) {
        const index = next++;
        const login = logins[index]!;
        const res = await fetch(`${base}/api/auth/login`, {
          method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: login.email, password: PASSWORD }),
        });
        if (!res.ok) throw new Error(`login ${login.email}: ${res.status}`);
        tokens[index] = { token: ((await res.json()) as { accessToken: string }).accessToken, userId: login.userId };
      }
    }));
    const perChat = TABS_PER_PARTY * 2;
    const chatsSpec = chatIds.map((chatId, i) => ({ chatId, members: tokens.slice(i * perChat, (i + 1) * perChat) }));
    const prepareSeconds = (Date.now() - prepared) / 1000;

    const result = await new Promise<WorkerResult>((resolve, reject) => {
      const worker = new Worker(new URL('./chat-hub-worker.mjs', import.meta.url), {
        workerData: { base, chats: chatsSpec, rate, seconds, setupConcurrency: 50 },
      });
      worker.once('message', (message: WorkerResult) => {
        void worker.terminate();
        resolve(message);
      });
      worker.once('error', reject);
    });
    if (result.error) throw new Error(result.error);

    console.log(`\nChat hub on embedded PGlite: ${CHATS} chats, ${result.connections} WebSocket connections (${perChat} per chat), `
      + `SendMessage at ${rate}/s for ${seconds} s (Node ${process.version}; data and ${logins.length} logins took ${prepareSeconds.toFixed(1)} s).`);
    console.table([{
      'connections': result.connections,
      'setup s (50 at a time)': (result.setupMs / 1000).toFixed(2),
      'setup p50 / p99 ms': `${result.setupP50.toFixed(1)} / ${result.setupP99.toFixed(1)}`,
      'messages': result.sent,
      'deliveries': result.deliveries,
      'lost': result.lost,
      'send errors': result.sendErrors,
      'deliveries/s': Math.round(result.deliveriesPerSecond),
      'p50 ms': result.p50.toFixed(1),
      'p99 ms': result.p99.toFixed(1),
      'max ms': result.max.toFixed(1),
    }]);
    console.log(`Fan-out p99 ≤ 50 ms: ${result.p99 <= 50 ? 'met' : 'not met'}.`);
  } finally {
    await app.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
