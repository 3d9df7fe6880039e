import {
  DELIVERY_CHANNEL_KEYS,
  type AlertKind,
  type DeliveryChannel,
  type Language,
} from '@service-hub/contracts';
import { renderTemplate, type MailContent } from '../mail/mail-templates.ts';
import { ALERT_MAIL_TEXTS, type AlertMailTexts } from './alert-mail-texts.ts';

/** An alert as its e-mails word it. */
export type MailedAlert = {
  kind: AlertKind;
  status: 'open' | 'resolved';
  details: Record<string, unknown>;
  raisedAt: Date;
  resolvedAt: Date | null;
};

/** The recipient and the account, for the greeting, the times and the link. */
export type MailContext = {
  language: Language;
  firstName: string;
  customer: string;
  /** The account market's time zone: times are the account's wall clock. */
  timeZone: string;
  /** The account's alert page, or undefined when the Hub's address is not known. */
  link: string | undefined;
};

const LOCALES: Record<Language, string> = {
  'en-SE': 'en-SE',
  sv: 'sv-SE',
  no: 'nb-NO',
  da: 'da-DK',
  fi: 'fi-FI',
};

const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key] ?? ''));

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const number = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
const isChannel = (value: unknown): value is DeliveryChannel =>
  DELIVERY_CHANNEL_KEYS.some((key) => key === value);

/** 60 → "1 hour", 90 → "90 minutes", 2880 → "2 days": the largest unit that divides the window. */
export function formatWindow(minutes: number, texts: AlertMailTexts): string {
  const [unit, n] =
    minutes % 1440 === 0
      ? [texts.days, minutes / 1440]
      : minutes % 60 === 0
        ? [texts.hours, minutes / 60]
        : [texts.minutes, minutes];
  return fill(n === 1 ? unit[0] : unit[1], { n });
}

function formatTime(at: Date, context: Pick<MailContext, 'language' | 'timeZone'>): string {
  return new Intl.DateTimeFormat(LOCALES[context.language], {
    dateStyle: 'short',
    timeStyle: 'short',
    timeZone: context.timeZone,
  }).format(at);
}

/** The sentence that says what raised the alert, from its details, in the recipient's language. */
export function alertSentence(alert: Pick<MailedAlert, 'kind' | 'details'>, language: Language): string {
  const texts = ALERT_MAIL_TEXTS[language];
  const d = alert.details;
  const numbers = new Intl.NumberFormat(LOCALES[language], { maximumFractionDigits: 1 });
  const documents = (n: number) =>
    fill(n === 1 ? texts.documentsOne : texts.documentsMany, { n: numbers.format(n) });
  const isShare = d.measure === 'share';
  const values: Record<string, string> = {
    measured: isShare
      ? fill(texts.share, {
          value: numbers.format(number(d.measured)),
          matching: numbers.format(number(d.matching)),
          total: numbers.format(number(d.total)),
        })
      : documents(number(d.matching)),
    limit: isShare ? `${numbers.format(number(d.threshold))} %` : documents(number(d.threshold)),
    window: formatWindow(number(d.windowMinutes), texts),
    channel: isChannel(d.channel) ? texts.channels[d.channel] : texts.allChannels,
    messageId: text(d.messageId),
    consignmentId: text(d.consignmentId),
    status: text(d.status),
    from: text(d.from),
    to: text(d.to),
  };
  return fill(texts.raised[alert.kind], values);
}

/** The e-mail sent at once when an alert is raised or resolved. */
export function renderAlertMail(alert: MailedAlert, context: MailContext): MailContent {
  const texts = ALERT_MAIL_TEXTS[context.language];
  const what = texts.what[alert.kind];
  const lines =
    alert.status === 'open'
      ? [texts.hello, alertSentence(alert, context.language)]
      : [
          texts.hello,
          fill(texts.resolved, { what, time: formatTime(alert.resolvedAt ?? alert.raisedAt, context) }),
        ];
  return renderTemplate(
    {
      subject: alert.status === 'open' ? texts.raisedSubject : texts.resolvedSubject,
      lines,
      action: texts.action,
      footer: texts.footer,
    },
    { firstName: context.firstName, customer: context.customer, what },
    context.link,
  );
}

/** One line of a digest: an alert raised or resolved since the last digest. */
export type DigestItem = {
  change: 'raised' | 'resolved';
  at: Date;
  alert: Pick<MailedAlert, 'kind' | 'details'>;
};

/** The daily digest: every alert of the account raised or resolved since `since`, oldest first. */
export function renderDigestMail(
  items: readonly DigestItem[],
  since: Date,
  context: MailContext,
): MailContent {
  const texts = ALERT_MAIL_TEXTS[context.language];
  const lines = [
    texts.hello,
    fill(texts.digestIntro, { customer: context.customer, since: formatTime(since, context) }),
    ...items.map((item) =>
      item.change === 'raised'
        ? fill(texts.digestRaised, {
            time: formatTime(item.at, context),
            sentence: alertSentence(item.alert, context.language),
          })
        : fill(texts.digestResolved, {
            time: formatTime(item.at, context),
            what: texts.what[item.alert.kind],
          }),
    ),
  ];
  return renderTemplate(
    { subject: texts.digestSubject, lines, action: texts.action, footer: texts.footer },
    {
      firstName: context.firstName,
      customer: context.customer,
      raised: items.filter((item) => item.change === 'raised').length,
      resolved: items.filter((item) => item.change === 'resolved').length,
    },
    context.link,
  );
}
