import type { DeploymentRequestStatus, Language } from '@service-hub/contracts';
import type { Template } from '../mail/mail-templates.ts';

/** The status names as the web app words them, for the e-mail subject. */
export const STATUS_NAMES: Record<Language, Record<DeploymentRequestStatus, string>> = {
  'en-SE': {
    submitted: 'submitted',
    inProgress: 'in progress',
    testing: 'testing',
    live: 'live',
    rejected: 'rejected',
  },
  sv: { submitted: 'skickad', inProgress: 'påbörjad', testing: 'test', live: 'i drift', rejected: 'avvisad' },
  no: {
    submitted: 'sendt',
    inProgress: 'under arbeid',
    testing: 'test',
    live: 'i drift',
    rejected: 'avvist',
  },
  da: { submitted: 'sendt', inProgress: 'i gang', testing: 'test', live: 'i drift', rejected: 'afvist' },
  fi: {
    submitted: 'lähetetty',
    inProgress: 'työn alla',
    testing: 'testaus',
    live: 'tuotannossa',
    rejected: 'hylätty',
  },
};

export const STATUS_MAIL: Record<Language, Template> = {
  'en-SE': {
    subject: 'EDI connect order for {partner}: {status}',
    lines: [
      'Hello {firstName},',
      'The EDI connect order for {partner} ({customer}) is now {status}.',
      '{reason}',
    ],
    action: 'See the orders',
    footer: 'You receive this e-mail because you can order EDI connections for {customer}.',
  },
  sv: {
    subject: 'EDI connect-beställning för {partner}: {status}',
    lines: [
      'Hej {firstName},',
      'EDI connect-beställningen för {partner} ({customer}) har nu status {status}.',
      '{reason}',
    ],
    action: 'Visa beställningarna',
    footer: 'Du får det här e-postmeddelandet eftersom du kan beställa EDI-kopplingar för {customer}.',
  },
  no: {
    subject: 'EDI connect-bestilling for {partner}: {status}',
    lines: [
      'Hei {firstName},',
      'EDI connect-bestillingen for {partner} ({customer}) har nå status {status}.',
      '{reason}',
    ],
    action: 'Se bestillingene',
    footer: 'Du får denne e-posten fordi du kan bestille EDI-koblinger for {customer}.',
  },
  da: {
    subject: 'EDI connect-bestilling for {partner}: {status}',
    lines: [
      'Hej {firstName},',
      'EDI connect-bestillingen for {partner} ({customer}) har nu status {status}.',
      '{reason}',
    ],
    action: 'Se bestillingerne',
    footer: 'Du modtager denne e-mail, fordi du kan bestille EDI-forbindelser for {customer}.',
  },
  fi: {
    subject: 'EDI connect -tilaus ({partner}): {status}',
    lines: [
      'Hei {firstName},',
      'EDI connect -tilauksen ({partner}, {customer}) tila on nyt: {status}.',
      '{reason}',
    ],
    action: 'Näytä tilaukset',
    footer: 'Saat tämän viestin, koska voit tilata EDI-yhteyksiä asiakkaalle {customer}.',
  },
};

export const REASON_LINE: Record<Language, string> = {
  'en-SE': 'Reason: {reason}',
  sv: 'Orsak: {reason}',
  no: 'Årsak: {reason}',
  da: 'Årsag: {reason}',
  fi: 'Syy: {reason}',
};
