import { describe, expect, it } from 'vitest';
import da from './da.json';
import enSE from './en-SE.json';
import fi from './fi.json';
import no from './no.json';
import sv from './sv.json';

const catalogs = { 'en-SE': enSE, sv, no, da, fi };

describe('product names', () => {
  it.each(Object.entries(catalogs))('are spelled as in the spec in %s', (_language, catalog) => {
    expect([catalog.app.title, catalog.services.EC, catalog.titles.ediConnect]).toEqual([
      'Service Hub',
      'EDI connect',
      'EDI connect',
    ]);
  });
});
