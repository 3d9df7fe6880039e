// @vitest-environment jsdom
import i18next from 'i18next';
import { beforeEach, describe, expect, it } from 'vitest';
import core from '../locales/en-SE.json?catalog=core';
import rest from '../locales/en-SE.json?catalog=rest';
import { changeLanguage, fullCatalogReady, initI18n } from './i18n';

beforeEach(() => localStorage.setItem('language', 'en-SE'));

describe('the catalog in two parts', () => {
  it('has sign-in and the dashboard in the core, the feature pages in the rest', () => {
    expect(Object.keys(core)).toEqual(expect.arrayContaining(['app', 'signIn', 'dashboard', 'shell']));
    // Of a feature's section, the core has what the dashboard's widgets show only.
    expect(Object.keys(core)).not.toContain('userAdmin');
    expect(Object.keys((core as { support: object }).support)).toEqual(['statuses']);
    expect(Object.keys(rest)).toEqual(expect.arrayContaining(['support', 'tracking', 'userAdmin']));
    expect(Object.keys(rest)).not.toContain('signIn');
  });

  it('is asked for before the language is chosen: the first page of a visit asks that early', async () => {
    let restIn = false;
    const ready = fullCatalogReady().then(() => (restIn = i18next.exists('support.filters.onHold')));
    await initI18n();
    await ready;
    expect(restIn).toBe(true);
  });

  it('starts with the core and has the whole catalog once fullCatalogReady() resolves', async () => {
    const i18n = await initI18n();
    expect(i18n.t('signIn.email')).toBe('E-mail address');
    await fullCatalogReady();
    expect(i18n.t('support.filters.onHold')).toBe('On hold');
    // A section split between the parts keeps both halves.
    expect([i18n.t('tracking.any'), i18n.t('tracking.statuses.Delivered')]).toEqual(['Any', 'Delivered']);
  });

  it('switches to another language with both parts in', async () => {
    await initI18n();
    await changeLanguage('sv');
    expect(i18next.language).toBe('sv');
    expect([i18next.t('signIn.email'), i18next.t('tracking.any')]).toEqual(['E-postadress', 'Alla']);
    expect(i18next.t('tracking.statuses.Delivered')).toBe('Levererad');
  });
});
