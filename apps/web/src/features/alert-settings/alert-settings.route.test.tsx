import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  ALERT_CHECK_KINDS,
  DEFAULT_ALERT_RULES,
  isDefaultAlertRule,
  ZCreateAlertRuleRequest,
  ZSetAlertCheckRequest,
  ZSetAlertRuleEnabledRequest,
  ZUpdateAlertPreferencesRequest,
  ZUpdateAlertRuleRequest,
  type TAlertCheck,
  type TAlertPreferences,
  type TAlertRule,
  type TFieldError,
  type TGetAlertSettingsResponse,
} from '@service-hub/contracts';
import { customerAdmin, customerUser, GOTA, MALARDALEN } from '../../lib/access/route-access.fixtures';
import { renderRoute } from '../../test/render-route';

/**
 * Each user's first account (the own sign-in flow keeps the active account out of the address):
 * the administrator's Mälardalens Vatten, the user's Göta Bostäder, both Swedish.
 */
const SETTINGS_PAGE = `/alerts/settings?activeAccountId=${MALARDALEN.id}`;
const NOTIFICATIONS_PAGE = `/alerts/notifications?activeAccountId=${GOTA.id}`;

const REJECTED_DEFAULT = 'Alert when more than 5 % of documents are rejected within 1 hour, all channels';
const NOT_DELIVERED_DEFAULT =
  'Alert when more than 10 % of documents are not delivered within 1 day, all channels';

/**
 * A name or text with the spaces the locale puts in numbers ("5 %" has a no-break space), matched
 * whole: `\s` matches both kinds.
 */
const exactly = (text: string) =>
  new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s')}$`);

const TITLES: Record<number, string> = { 400: 'Bad Request', 404: 'Not Found', 500: 'Internal Server Error' };
const apiError = (status: number, detail: string, errorCode: string, errors?: TFieldError[]) =>
  Response.json({ status, title: TITLES[status], detail, errorCode, requestId: 'test', errors }, { status });

/** Zod's issues as the API's field errors (apps/api/src/lib/validation-errors.ts), enough for these rules. */
function fieldErrorsOf(error: z.ZodError): TFieldError[] {
  return error.issues.map((issue): TFieldError => {
    const field = ['body', ...issue.path.map(String)].join('.');
    if (issue.code === 'invalid_type' && issue.input === undefined)
      return { field, code: 'required', message: 'This field cannot be empty.' };
    if (issue.code === 'too_big')
      return {
        field,
        code: 'tooBig',
        message: `This value cannot be bigger than ${Number(issue.maximum)}.`,
        params: { maximum: Number(issue.maximum) },
      };
    if (issue.code === 'too_small')
      return {
        field,
        code: 'tooSmall',
        message: `This value cannot be smaller than ${Number(issue.minimum)}.`,
        params: { minimum: Number(issue.minimum) },
      };
    if (issue.code === 'custom') {
      const { code, ...numbers } = (issue.params ?? {}) as { code?: string; maximum?: number };
      return code === 'tooBig'
        ? { field, code: 'tooBig', message: issue.message, params: { maximum: Number(numbers.maximum) } }
        : { field, code: 'invalidValue', message: issue.message };
    }
    return { field, code: 'invalidValue', message: issue.message };
  });
}

const refused = (error: z.ZodError) =>
  apiError(400, 'Invalid request: body.', 'VALIDATION_FAILED', fieldErrorsOf(error));

let nextId = 1;
const ruleId = () => `3f2504e0-4f89-41d3-9a0c-${String(nextId++).padStart(12, '0')}`;

const defaults = (): TAlertRule[] =>
  DEFAULT_ALERT_RULES.map((rule) => ({
    ...rule,
    id: ruleId(),
    channel: null,
    enabled: true,
    isDefault: true,
    isRaised: false,
  }));

/**
 * The alert settings API of one account as the server answers it: bodies checked by the same
 * contracts (400 in the API's shape otherwise, e.g. a share over 100), unknown rules 404,
 * "restore defaults" switching defaults on and adding the missing ones.
 */
function settingsServer(initial: { rules?: TAlertRule[]; checks?: TAlertCheck[] } = {}) {
  const rules = initial.rules ?? defaults();
  const checks = initial.checks ?? [];
  const sent: { method: string; path: string; body: unknown }[] = [];
  const settings = (): TGetAlertSettingsResponse => ({
    rules: rules.map((rule) => ({ ...rule })),
    checks: ALERT_CHECK_KINDS.map(
      (kind) => checks.find((check) => check.kind === kind) ?? { kind, enabled: true },
    ),
    hasAllDefaults: DEFAULT_ALERT_RULES.every((d) =>
      rules.some((rule) => rule.enabled && isDefaultAlertRule(rule) && rule.kind === d.kind),
    ),
  });
  const ruleOf = (request: Request) =>
    rules.find((rule) => request.url.includes(`/api/alert-rules/${rule.id}`));
  const read = async (request: Request) => {
    const body: unknown = await request.json();
    sent.push({ method: request.method, path: new URL(request.url).pathname, body });
    return body;
  };
  return {
    rules,
    sent,
    stubs: {
      'GET /api/alert-settings': settings,
      'POST /api/alert-rules': async (request: Request) => {
        const parsed = ZCreateAlertRuleRequest.safeParse(await read(request));
        if (!parsed.success) return refused(parsed.error);
        const rule: TAlertRule = {
          ...parsed.data,
          id: ruleId(),
          isDefault: isDefaultAlertRule(parsed.data),
          isRaised: false,
        };
        rules.push(rule);
        return rule;
      },
      'POST /api/alert-rules/restore-defaults': () => {
        for (const d of DEFAULT_ALERT_RULES) {
          const existing = rules.find((rule) => isDefaultAlertRule(rule) && rule.kind === d.kind);
          if (existing) existing.enabled = true;
          else rules.push({ ...defaults().find((rule) => rule.kind === d.kind)! });
        }
        sent.push({ method: 'POST', path: '/api/alert-rules/restore-defaults', body: undefined });
        return settings();
      },
      'PUT /api/alert-checks': async (request: Request) => {
        const parsed = ZSetAlertCheckRequest.safeParse(await read(request));
        if (!parsed.success) return refused(parsed.error);
        const index = checks.findIndex((check) => check.kind === parsed.data.kind);
        if (index >= 0) checks.splice(index, 1);
        checks.push(parsed.data);
        return parsed.data;
      },
      ...Object.fromEntries(
        rules.flatMap((rule) => [
          [
            `PUT /api/alert-rules/${rule.id}`,
            async (request: Request) => {
              const parsed = ZUpdateAlertRuleRequest.safeParse(await read(request));
              if (!parsed.success) return refused(parsed.error);
              const stored = ruleOf(request);
              if (!stored) return apiError(404, 'No such alert rule.', 'NOT_FOUND');
              Object.assign(stored, parsed.data, { isDefault: isDefaultAlertRule(parsed.data) });
              return stored;
            },
          ],
          [
            `PUT /api/alert-rules/${rule.id}/enabled`,
            async (request: Request) => {
              const parsed = ZSetAlertRuleEnabledRequest.safeParse(await read(request));
              if (!parsed.success) return refused(parsed.error);
              const stored = ruleOf(request);
              if (!stored) return apiError(404, 'No such alert rule.', 'NOT_FOUND');
              stored.enabled = parsed.data.enabled;
              return stored;
            },
          ],
          [
            `DELETE /api/alert-rules/${rule.id}`,
            (request: Request) => {
              const stored = ruleOf(request);
              if (!stored) return apiError(404, 'No such alert rule.', 'NOT_FOUND');
              rules.splice(rules.indexOf(stored), 1);
              sent.push({ method: 'DELETE', path: new URL(request.url).pathname, body: undefined });
              return undefined;
            },
          ],
        ]),
      ),
    },
  };
}

/** The signed-in user's own choice for the account, as the API keeps it (no row: in the Hub, no e-mail). */
function preferencesServer(initial: TAlertPreferences = { inHub: true, email: 'off' }) {
  let stored = initial;
  const saved: TAlertPreferences[] = [];
  return {
    saved,
    stubs: {
      'GET /api/alert-preferences': () => stored,
      'PUT /api/alert-preferences': async (request: Request) => {
        const parsed = ZUpdateAlertPreferencesRequest.safeParse(await request.json());
        if (!parsed.success) return refused(parsed.error);
        stored = parsed.data;
        saved.push(parsed.data);
        return stored;
      },
    },
  };
}

describe('alert settings', () => {
  it("show an administrator the account's rules as sentences, with their switches and the other checks", async () => {
    const server = settingsServer({ checks: [{ kind: 'reportFailed', enabled: false }] });
    server.rules[0]!.isRaised = true;
    await renderRoute(SETTINGS_PAGE, customerAdmin, server.stubs);
    expect(await screen.findByRole('heading', { level: 1, name: 'Alert settings' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Alerts' });
    expect(within(nav).getByRole('link', { name: 'Alert settings' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'My alert notifications' }).getAttribute('href')).toBe(
      `/alerts/notifications?activeAccountId=${MALARDALEN.id}`,
    );

    const rules = await screen.findByRole('region', { name: 'Threshold rules' });
    const rejected = await within(rules).findByRole('switch', { name: exactly(REJECTED_DEFAULT) });
    expect((rejected as HTMLInputElement).checked).toBe(true);
    const rejectedItem = rejected.closest('li')!;
    expect(within(rejectedItem).getByText(exactly(REJECTED_DEFAULT))).toBeTruthy();
    expect(within(rejectedItem).getByText('Only when the window holds 20 or more documents.')).toBeTruthy();
    expect(within(rejectedItem).getByText('Default rule')).toBeTruthy();
    expect(within(rejectedItem).getByText('Alerting now')).toBeTruthy();
    const notDelivered = within(rules).getByRole('switch', { name: exactly(NOT_DELIVERED_DEFAULT) });
    expect(within(notDelivered.closest('li')!).queryByText('Alerting now')).toBeNull();
    // Every default is on and unchanged: nothing to restore.
    expect(within(rules).queryByRole('button', { name: 'Restore defaults' })).toBeNull();

    const checks = screen.getByRole('region', { name: 'Other checks' });
    expect((within(checks).getByRole('switch', { name: 'Missing files' }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect(
      (within(checks).getByRole('switch', { name: 'Failed EDI messages' }) as HTMLInputElement).checked,
    ).toBe(true);
    expect((within(checks).getByRole('switch', { name: 'Failed reports' }) as HTMLInputElement).checked).toBe(
      false,
    );
  });

  it('switch a default rule off, then bring it back with "restore defaults"', async () => {
    const server = settingsServer();
    const user = userEvent.setup();
    await renderRoute(SETTINGS_PAGE, customerAdmin, server.stubs);
    const rules = await screen.findByRole('region', { name: 'Threshold rules' });
    await user.click(await within(rules).findByRole('switch', { name: exactly(REJECTED_DEFAULT) }));
    expect(await screen.findByText(exactly(`Rule switched off: ${REJECTED_DEFAULT}`))).toBeTruthy();
    expect(server.sent).toEqual([
      { method: 'PUT', path: `/api/alert-rules/${server.rules[0]!.id}/enabled`, body: { enabled: false } },
    ]);
    const switchedOff = within(rules).getByRole('switch', { name: exactly(REJECTED_DEFAULT) });
    await waitFor(() => expect((switchedOff as HTMLInputElement).checked).toBe(false));
    expect(within(switchedOff.closest('li')!).getByText('Off')).toBeTruthy();

    await user.click(await within(rules).findByRole('button', { name: 'Restore defaults' }));
    expect(await screen.findByText('The default rules are back on.')).toBeTruthy();
    await waitFor(() =>
      expect(
        (within(rules).getByRole('switch', { name: exactly(REJECTED_DEFAULT) }) as HTMLInputElement).checked,
      ).toBe(true),
    );
    expect(within(rules).queryByRole('button', { name: 'Restore defaults' })).toBeNull();
  });

  it('add a per-channel count rule, shown as its sentence while typed and in the list', async () => {
    const server = settingsServer();
    const user = userEvent.setup();
    await renderRoute(SETTINGS_PAGE, customerAdmin, server.stubs);
    await user.click(await screen.findByRole('button', { name: 'Add rule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add threshold rule' });
    await user.click(within(dialog).getByRole('radio', { name: 'Number of documents' }));
    // A count has no minimum of documents.
    expect(within(dialog).queryByRole('textbox', { name: /^Minimum number of documents/ })).toBeNull();
    const threshold = within(dialog).getByRole('textbox', { name: /^Alert above \(documents\)/ });
    await user.clear(threshold);
    await user.type(threshold, '20');
    const window = within(dialog).getByRole('textbox', { name: /^Time window/ });
    await user.clear(window);
    await user.type(window, '15');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Unit' }), 'Minutes');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Delivery channel' }), 'Kivra');
    const sentence = 'Alert when more than 20 documents are rejected within 15 minutes, Kivra only';
    expect(within(dialog).getByText(sentence)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Add rule' }));

    expect(await screen.findByText(`Rule added: ${sentence}`)).toBeTruthy();
    expect(server.sent).toEqual([
      {
        method: 'POST',
        path: '/api/alert-rules',
        body: {
          kind: 'documentsRejected',
          channel: 'kivra',
          measure: 'count',
          threshold: 20,
          windowMinutes: 15,
          minDocuments: 20,
          enabled: true,
        },
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const rules = screen.getByRole('region', { name: 'Threshold rules' });
    const added = await within(rules).findByRole('switch', { name: sentence });
    expect(within(added.closest('li')!).queryByText('Default rule')).toBeNull();
  });

  it('refuse a share over 100 in the browser, and show the API’s field errors translated on their fields', async () => {
    const server = settingsServer();
    const user = userEvent.setup();
    await renderRoute(SETTINGS_PAGE, customerAdmin, {
      ...server.stubs,
      // The API answers a window it refuses with its 400 (here: one the browser let through).
      'POST /api/alert-rules': () =>
        apiError(400, 'Invalid request: body.windowMinutes.', 'VALIDATION_FAILED', [
          {
            field: 'body.windowMinutes',
            code: 'tooBig',
            message: 'This value cannot be bigger than 10080.',
            params: { maximum: 10080 },
          },
        ]),
    });
    await user.click(await screen.findByRole('button', { name: 'Add rule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add threshold rule' });
    const threshold = within(dialog).getByRole('textbox', { name: /^Alert above \(%\)/ });
    await user.clear(threshold);
    await user.type(threshold, '150');
    await user.click(within(dialog).getByRole('button', { name: 'Add rule' }));
    expect(await within(dialog).findByText(exactly('Enter a share above 0 and at most 100 %.'))).toBeTruthy();
    expect(server.sent).toEqual([]);

    await user.clear(threshold);
    await user.type(threshold, '7,5');
    expect(
      within(dialog).getByText(
        exactly('Alert when more than 7,5 % of documents are rejected within 1 hour, all channels'),
      ),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Add rule' }));
    expect(await within(dialog).findByText('Choose a time window from 5 minutes to 7 days.')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Add threshold rule' })).toBeTruthy();
  });

  it('change a rule and delete one only after a confirmation', async () => {
    const server = settingsServer();
    const [rejected, notDelivered] = server.rules;
    const user = userEvent.setup();
    await renderRoute(SETTINGS_PAGE, customerAdmin, server.stubs);
    const rules = await screen.findByRole('region', { name: 'Threshold rules' });
    await user.click(
      await within(rules).findByRole('button', { name: exactly(`Change rule: ${REJECTED_DEFAULT}`) }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Change threshold rule' });
    const minimum = within(dialog).getByRole('textbox', { name: /^Minimum number of documents/ });
    expect((minimum as HTMLInputElement).value).toBe('20');
    await user.clear(minimum);
    await user.type(minimum, '50');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(exactly(`Rule changed: ${REJECTED_DEFAULT}`))).toBeTruthy();
    expect(server.sent.at(-1)).toEqual({
      method: 'PUT',
      path: `/api/alert-rules/${rejected!.id}`,
      body: { ...DEFAULT_ALERT_RULES[0], channel: null, minDocuments: 50, enabled: true },
    });
    // Changed, it is no longer a default, and "restore defaults" would add the default back.
    expect(await within(rules).findByText('Only when the window holds 50 or more documents.')).toBeTruthy();
    expect(await within(rules).findByRole('button', { name: 'Restore defaults' })).toBeTruthy();

    const remove = within(rules).getByRole('button', {
      name: exactly(`Delete rule: ${NOT_DELIVERED_DEFAULT}`),
    });
    await user.click(remove);
    const confirm = await screen.findByRole('dialog', { name: 'Delete rule' });
    expect(
      within(confirm).getByText('This is a default rule: Restore defaults brings it back.'),
    ).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(server.sent.filter((s) => s.method === 'DELETE')).toEqual([]);

    await user.click(remove);
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete rule' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(await screen.findByText(exactly(`Rule deleted: ${NOT_DELIVERED_DEFAULT}`))).toBeTruthy();
    expect(server.sent.at(-1)).toEqual({
      method: 'DELETE',
      path: `/api/alert-rules/${notDelivered!.id}`,
      body: undefined,
    });
    await waitFor(() =>
      expect(within(rules).queryByRole('switch', { name: exactly(NOT_DELIVERED_DEFAULT) })).toBeNull(),
    );
  });

  it('switch the failed-report check off', async () => {
    const server = settingsServer();
    const user = userEvent.setup();
    await renderRoute(SETTINGS_PAGE, customerAdmin, server.stubs);
    const checks = await screen.findByRole('region', { name: 'Other checks' });
    await user.click(within(checks).getByRole('switch', { name: 'Failed reports' }));
    expect(await screen.findByText('Switched off: Failed reports')).toBeTruthy();
    expect(server.sent).toEqual([
      { method: 'PUT', path: '/api/alert-checks', body: { kind: 'reportFailed', enabled: false } },
    ]);
    await waitFor(() =>
      expect(
        (within(checks).getByRole('switch', { name: 'Failed reports' }) as HTMLInputElement).checked,
      ).toBe(false),
    );
  });

  it('keep a customer user out, and offer them their own notification choices instead', async () => {
    const { router } = await renderRoute(SETTINGS_PAGE, customerUser, {
      ...settingsServer().stubs,
      ...preferencesServer().stubs,
    });
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/alerts/settings'));
    expect(screen.queryByRole('heading', { level: 1, name: 'Alert settings' })).toBeNull();

    await router.navigate(NOTIFICATIONS_PAGE);
    expect(await screen.findByRole('heading', { level: 1, name: 'My alert notifications' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Alerts' });
    expect(within(nav).queryByRole('link', { name: 'Alert settings' })).toBeNull();
  });
});

describe('my alert notifications', () => {
  it('choose the daily digest (said to come at 07:00 in the account market’s time) and save it', async () => {
    const server = preferencesServer();
    const user = userEvent.setup();
    await renderRoute(NOTIFICATIONS_PAGE, customerUser, server.stubs);
    expect(await screen.findByRole('heading', { level: 1, name: 'My alert notifications' })).toBeTruthy();
    const inHub = await screen.findByRole('checkbox', { name: 'In the Hub' });
    expect((inHub as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: 'No e-mail' }) as HTMLInputElement).checked).toBe(true);
    const save = screen.getByRole('button', { name: 'Save' });
    // Nothing changed, nothing to save.
    expect((save as HTMLButtonElement).disabled).toBe(true);

    const digest = screen.getByRole('radio', { name: 'Daily digest' });
    // Göta Bostäder is a Swedish account.
    expect(
      screen.getByText(
        'One e-mail each morning at 07:00 Swedish time, with the alerts raised and resolved since the last one. No alerts, no e-mail.',
      ),
    ).toBeTruthy();
    await user.click(digest);
    await user.click(save);
    expect(await screen.findByText('Your alert notifications for Göta Bostäder AB are saved.')).toBeTruthy();
    expect(server.saved).toEqual([{ inHub: true, email: 'digest' }]);
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true),
    );
    expect((screen.getByRole('radio', { name: 'Daily digest' }) as HTMLInputElement).checked).toBe(true);
  });

  it('never show the defaults when the saved choice could not be read', async () => {
    let failing = true;
    const server = preferencesServer({ inHub: false, email: 'immediate' });
    const user = userEvent.setup();
    await renderRoute(NOTIFICATIONS_PAGE, customerUser, {
      ...server.stubs,
      'GET /api/alert-preferences': () =>
        failing
          ? apiError(500, 'Something went wrong.', 'INTERNAL_ERROR')
          : server.stubs['GET /api/alert-preferences'](),
    });
    // After the query's retries: the page's own error, besides the global handler's toast.
    const retry = await screen.findByRole('button', { name: 'Try again' }, { timeout: 10_000 });
    expect(retry.closest('[role="alert"]')).toBeTruthy();
    expect(screen.queryByRole('radio', { name: 'No e-mail' })).toBeNull();
    failing = false;
    await user.click(retry);
    expect(((await screen.findByRole('radio', { name: 'At once' })) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'In the Hub' }) as HTMLInputElement).checked).toBe(false);
  });
});
