import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { customerUser, providerAdmin } from '../../lib/access/route-access.fixtures';
import { renderRoute } from '../../test/render-route';

const invitation = {
  id: 1,
  to: 'anna@example.com',
  subject: 'You are invited to Service Hub',
  text: 'Choose your password: https://hub.example.com/invitation?token=abc123',
  html: '',
  created: '2026-03-01T08:00:00Z',
  sentAt: null,
};

describe('development outbox route', () => {
  it('shows a provider administrator the sent mails, their links pointing at this server', async () => {
    await renderRoute('/dev/outbox', providerAdmin, { 'GET /api/dev/outbox': { mails: [invitation] } });
    expect(await screen.findByRole('heading', { level: 1, name: 'E-mail outbox' })).toBeTruthy();
    const mail = await screen.findByRole('button', { name: /You are invited to Service Hub/ });
    mail.click();
    const link = await screen.findByRole('link', { name: invitation.text.split(': ')[1] });
    expect(link.getAttribute('href')).toBe('/invitation?token=abc123');
  });

  it('tells a customer user the outbox is not theirs to read', async () => {
    await renderRoute('/dev/outbox', customerUser, {
      'GET /api/dev/outbox': () =>
        Response.json(
          { status: 403, title: 'Forbidden', detail: 'Forbidden', errorCode: 'FORBIDDEN', requestId: 'test' },
          { status: 403 },
        ),
    });
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /Only provider administrators can read the outbox/,
    );
    expect(screen.queryByRole('button', { name: /You are invited/ })).toBeNull();
  });
});
