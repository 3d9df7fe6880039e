import type { TFunction } from 'i18next';
import {
  SUPPORT_CASE_MAX_ITEMS,
  SUPPORT_ITEM_ID_MAX,
  SUPPORT_ITEM_KINDS,
  supportItemKey,
  type SupportItemKind,
  type TSupportItemFacts,
  type TSupportItemRef,
} from '@service-hub/contracts';
import { formatDateTime } from '../../../lib/format';

/**
 * The items of the new-case page's `about` parameter (`trackingDocument:123,trackingFile:45`):
 * well-formed pairs, each once, at most SUPPORT_CASE_MAX_ITEMS; `dropped` counts the others (a
 * hand-edited or truncated address), which the page mentions. Never throws.
 */
export function readAboutParam(value: string | null): { items: TSupportItemRef[]; dropped: number } {
  const items: TSupportItemRef[] = [];
  let dropped = 0;
  const seen = new Set<string>();
  for (const pair of (value ?? '').split(',')) {
    if (pair.trim() === '') continue;
    const match = /^([a-zA-Z]+):(\d{1,15})$/.exec(pair.trim());
    const kind = SUPPORT_ITEM_KINDS.find((k) => k === match?.[1]);
    const id = Number(match?.[2]);
    if (!kind || !Number.isInteger(id) || id < 1 || id > SUPPORT_ITEM_ID_MAX) {
      dropped++;
      continue;
    }
    const item = { kind, id };
    if (seen.has(supportItemKey(item))) continue;
    seen.add(supportItemKey(item));
    if (items.length === SUPPORT_CASE_MAX_ITEMS) dropped++;
    else items.push(item);
  }
  return { items, dropped };
}

/** An item's status in the words of its own pages. */
export function itemStatus(t: TFunction, item: TSupportItemFacts): string {
  return item.kind === 'trackingDocument' || item.kind === 'trackingFile'
    ? t(`tracking.statuses.${item.status}`)
    : t(`ediTracking.statuses.${item.status}`);
}

/** The few facts support asks for first, per kind, in the user's language; empty ones left out. */
function factsOf(t: TFunction, item: TSupportItemFacts): string[] {
  const fact = (key: string, value: string | number | null) =>
    value === null || value === '' ? [] : [t(`support.newCase.about.facts.${key}`, { value })];
  switch (item.kind) {
    case 'trackingDocument':
      return [
        ...fact('invoiceNumber', item.invoiceNumber),
        ...fact('recipient', item.recipientName),
        ...fact('channels', item.channels.map((c) => t(`tracking.channels.${c}`)).join(', ')),
        ...fact('file', item.filename),
      ];
    case 'trackingFile':
      return fact('documents', item.documentCount);
    case 'ediConsignment':
      return [...fact('sender', item.senderName), ...fact('receiver', item.receiverName)];
    case 'ediMessage':
      return [
        ...fact('messageType', item.messageType),
        ...fact('consignment', item.consignmentId),
        ...fact('sender', item.senderName),
        ...fact('receiver', item.receiverName),
      ];
    case 'ediDocument':
      return [
        ...fact('documentNumber', item.documentNumber),
        ...fact('consignment', item.consignmentId),
        ...fact('sender', item.senderName),
        ...fact('receiver', item.receiverName),
      ];
  }
}

/** One line of the description: what the item is, its status and date, and its key facts. */
export function describeItem(t: TFunction, item: TSupportItemFacts, language: string): string {
  const line = t('support.newCase.about.line', {
    kind: t(`support.itemKinds.${item.kind}`),
    label: item.label,
    status: itemStatus(t, item),
    date: formatDateTime(item.date, language),
  });
  const facts = factsOf(t, item);
  return facts.length > 0
    ? t('support.newCase.about.lineWithFacts', { line, facts: facts.join(', ') })
    : line;
}

/**
 * A subject and a description to start from: "Document INV-123" for one item, "3 documents" for
 * several of a kind, "4 linked items" for a mix; the description lists each item's facts, and
 * leaves room for what happened.
 */
export function draftAbout(
  t: TFunction,
  items: readonly TSupportItemFacts[],
  language: string,
): { title: string; description: string } {
  const kinds = new Set<SupportItemKind>(items.map((item) => item.kind));
  const [first] = items;
  const title =
    kinds.size === 1 && first
      ? t(`support.newCase.about.subject.${first.kind}`, { count: items.length, label: first.label })
      : t('support.newCase.about.subject.mixed', { n: items.length });
  const description = [
    t('support.newCase.about.intro'),
    ...items.map((item) => `- ${describeItem(t, item, language)}`),
    '',
    t('support.newCase.about.whatHappened'),
    '',
  ].join('\n');
  return { title, description };
}
