import { parseArgs } from 'node:util';
import { z } from 'zod';
import { MARKETS, normalizeEmail } from '@service-hub/contracts';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/bootstrap.ts';
import { inTransaction, writeAudit } from '../../lib/audit.ts';
import { hashToken, newSecretToken } from '../auth/sessions.repository.ts';
import { LINK_DAYS } from './email-tokens.ts';

const HELP = `Usage: npm run create-admin -- --email <address> --first-name <name> --last-name <name>
                              --customer-number <e.g. SE100001> --customer-name <name> [--market SE]

Creates a provider administrator (SF_ADMIN) with access to one customer account (created when it
does not exist yet: every signed-in user acts for an account) and prints a single-use link to
choose a password. For the first sign-in of a new installation, where no one can invite yet.
Uses DATABASE_URL, or the embedded PostgreSQL under HUB_DATA_DIR when it is unset.`;

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    'first-name': { type: 'string' },
    'last-name': { type: 'string' },
    'customer-number': { type: 'string' },
    'customer-name': { type: 'string' },
    market: { type: 'string', default: 'SE' },
    help: { type: 'boolean' },
  },
});
if (values.help) {
  console.log(HELP);
  process.exit(0);
}
const input = z
  .object({
    email: z.email(),
    firstName: z.string().trim().min(1),
    lastName: z.string().trim().min(1),
    customerNumber: z.string().regex(/^[A-Z]{2}\d+$/, 'a country prefix and digits, e.g. SE100001'),
    customerName: z.string().trim().min(1),
    market: z.enum(MARKETS),
  })
  .safeParse({
    email: values.email,
    firstName: values['first-name'],
    lastName: values['last-name'],
    customerNumber: values['customer-number'],
    customerName: values['customer-name'],
    market: values.market,
  });
if (!input.success) {
  console.error(
    `${input.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n')}\n\n${HELP}`,
  );
  process.exit(2);
}

const config = loadConfig();
const opened = await openDatabase(config, { info: () => undefined, error: console.error });
try {
  const { firstName, lastName, customerNumber, customerName, market } = input.data;
  const email = normalizeEmail(input.data.email);
  const token = newSecretToken();
  await inTransaction(opened.db.$client, async (client) => {
    const { rows } = await client.query<{ id: string }>(
      `INSERT INTO users (email, username, first_name, last_name, display_name, email_verified)
       VALUES ($1, $1, $2, $3, $2 || ' ' || $3, false)
       ON CONFLICT DO NOTHING RETURNING id`,
      [email, firstName, lastName],
    );
    const userId = rows[0]?.id;
    if (!userId) throw new Error(`A user with the e-mail address ${email} already exists.`);
    await client.query(
      `INSERT INTO user_roles (user_id, role) VALUES ($1, 'SF_ADMIN'), ($1, 'ProviderAdministrator')`,
      [userId],
    );
    await client.query(
      `INSERT INTO markets (code, name, support_email) VALUES ($1, $2, 'support@servicehub.example') ON CONFLICT DO NOTHING`,
      [market, { DK: 'Denmark', FI: 'Finland', NO: 'Norway', SE: 'Sweden' }[market]],
    );
    const { rows: customers } = await client.query<{ id: number }>(
      `INSERT INTO customers (name, customer_number, market, created_by, modified_by) VALUES ($1, $2, $3, 'create-admin', 'create-admin')
       ON CONFLICT (customer_number) DO UPDATE SET customer_number = EXCLUDED.customer_number RETURNING id`,
      [customerName, customerNumber, market],
    );
    await client.query('INSERT INTO user_customers (user_id, customer_id) VALUES ($1, $2)', [
      userId,
      customers[0]!.id,
    ]);
    await client.query(
      `INSERT INTO email_tokens (purpose, token_hash, user_id, customer_id, expires_at)
       VALUES ('invitation', $1, $2, $3, now() + make_interval(days => $4))`,
      [hashToken(token), userId, customers[0]!.id, LINK_DAYS],
    );
    await writeAudit(client, {
      actorUserId: null,
      actorEmail: 'create-admin (command line)',
      action: 'user.created',
      entityType: 'user',
      entityId: userId,
      after: { email, roles: ['SF_ADMIN', 'ProviderAdministrator'] },
    });
  });
  console.log(`Provider administrator ${email} created. Choose the password within ${LINK_DAYS} days at:`);
  console.log(`${config.publicUrl}/invitation?token=${encodeURIComponent(token)}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await opened.close();
}
