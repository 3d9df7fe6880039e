import type { AlertKind, DeliveryChannel, Language } from '@service-hub/contracts';

/** The words of alert e-mails (immediate and daily digest) in each language. */
export type AlertMailTexts = {
  /** `{customer}`, `{what}`. */
  raisedSubject: string;
  resolvedSubject: string;
  /** `{customer}`, `{raised}`, `{resolved}`. */
  digestSubject: string;
  hello: string;
  /** The kind in a few words, lower case after a colon. */
  what: Record<AlertKind, string>;
  /**
   * What happened, one sentence per kind: `{measured}`, `{limit}`, `{window}`, `{channel}` (threshold
   * rules), `{messageId}`, `{consignmentId}`, `{status}` (EDI), `{from}`, `{to}` (reports).
   */
  raised: Record<AlertKind, string>;
  /** `{what}`, `{time}`. */
  resolved: string;
  /** `{customer}`, `{since}`. */
  digestIntro: string;
  /** `{time}`, `{sentence}`. */
  digestRaised: string;
  /** `{time}`, `{what}`. */
  digestResolved: string;
  action: string;
  /** `{customer}`. */
  footer: string;
  allChannels: string;
  channels: Record<DeliveryChannel, string>;
  /** Document count: `{n}`. */
  documentsOne: string;
  documentsMany: string;
  /** `{value}` percent, `{matching}` of `{total}` documents. */
  share: string;
  /** A window of `{n}` minutes, hours or days, as the `raised` sentences use it. */
  minutes: [one: string, many: string];
  hours: [one: string, many: string];
  days: [one: string, many: string];
};

export const ALERT_MAIL_TEXTS: Record<Language, AlertMailTexts> = {
  'en-SE': {
    raisedSubject: 'Alert for {customer}: {what}',
    resolvedSubject: 'Resolved for {customer}: {what}',
    digestSubject: 'Alerts for {customer}: {raised} raised, {resolved} resolved',
    hello: 'Hello {firstName},',
    what: {
      missingFile: 'an expected file is missing',
      documentsRejected: 'rejected documents over the threshold',
      documentsNotDelivered: 'documents not delivered over the threshold',
      ediMessageFailed: 'an EDI message failed',
      reportFailed: 'a report failed',
    },
    raised: {
      missingFile: 'An expected file did not arrive by its deadline.',
      documentsRejected:
        'Rejected documents within a window of {window}, {channel}: {measured}. The rule alerts above {limit}.',
      documentsNotDelivered:
        'Documents not delivered within a window of {window} that ended an hour ago, {channel}: {measured}. The rule alerts above {limit}.',
      ediMessageFailed: 'EDI message {messageId} in consignment {consignmentId} has the status {status}.',
      reportFailed: 'The report for {from} to {to} could not be created.',
    },
    resolved: 'Resolved at {time}: {what}.',
    digestIntro: 'Alerts of {customer} since {since}:',
    digestRaised: 'Raised {time}: {sentence}',
    digestResolved: 'Resolved {time}: {what}.',
    action: 'Open alerts',
    footer:
      'You receive this because you chose alerts by e-mail for {customer}. You can change that under Alerts, My notifications.',
    allChannels: 'all channels',
    channels: {
      email: 'E-mail',
      sms: 'SMS',
      print: 'Print',
      eBoks: 'e-Boks',
      digipost: 'Digipost',
      kivra: 'Kivra',
      minaMeddelanden: 'Mina meddelanden',
      vipps: 'Vipps',
      internetBankEInvoice: 'Internet bank e-invoice',
      b2bInvoiceNetwork: 'B2B invoice network',
      eArchive: 'E-archive',
      custom: 'Custom channel',
    },
    documentsOne: '{n} document',
    documentsMany: '{n} documents',
    share: '{value} % ({matching} of {total} documents)',
    minutes: ['{n} minute', '{n} minutes'],
    hours: ['{n} hour', '{n} hours'],
    days: ['{n} day', '{n} days'],
  },
  sv: {
    raisedSubject: 'Larm för {customer}: {what}',
    resolvedSubject: 'Åtgärdat för {customer}: {what}',
    digestSubject: 'Larm för {customer}: {raised} nya, {resolved} åtgärdade',
    hello: 'Hej {firstName},',
    what: {
      missingFile: 'en väntad fil saknas',
      documentsRejected: 'avvisade dokument över gränsen',
      documentsNotDelivered: 'ej levererade dokument över gränsen',
      ediMessageFailed: 'ett EDI-meddelande misslyckades',
      reportFailed: 'en rapport misslyckades',
    },
    raised: {
      missingFile: 'En väntad fil kom inte fram före sin deadline.',
      documentsRejected:
        'Avvisade dokument inom ett fönster på {window}, {channel}: {measured}. Regeln larmar över {limit}.',
      documentsNotDelivered:
        'Ej levererade dokument inom ett fönster på {window} som slutade för en timme sedan, {channel}: {measured}. Regeln larmar över {limit}.',
      ediMessageFailed: 'EDI-meddelandet {messageId} i försändelsen {consignmentId} har statusen {status}.',
      reportFailed: 'Rapporten för {from} till {to} kunde inte skapas.',
    },
    resolved: 'Åtgärdat {time}: {what}.',
    digestIntro: 'Larm för {customer} sedan {since}:',
    digestRaised: 'Nytt {time}: {sentence}',
    digestResolved: 'Åtgärdat {time}: {what}.',
    action: 'Öppna larm',
    footer:
      'Du får det här meddelandet eftersom du har valt larm via e-post för {customer}. Du kan ändra det under Larm, Mina aviseringar.',
    allChannels: 'alla kanaler',
    channels: {
      email: 'E-post',
      sms: 'Sms',
      print: 'Tryck',
      eBoks: 'e-Boks',
      digipost: 'Digipost',
      kivra: 'Kivra',
      minaMeddelanden: 'Mina meddelanden',
      vipps: 'Vipps',
      internetBankEInvoice: 'E-faktura i internetbanken',
      b2bInvoiceNetwork: 'B2B-fakturanätverk',
      eArchive: 'E-arkiv',
      custom: 'Egen kanal',
    },
    documentsOne: '{n} dokument',
    documentsMany: '{n} dokument',
    share: '{value} % ({matching} av {total} dokument)',
    minutes: ['{n} minut', '{n} minuter'],
    hours: ['{n} timme', '{n} timmar'],
    days: ['{n} dygn', '{n} dygn'],
  },
  no: {
    raisedSubject: 'Varsel for {customer}: {what}',
    resolvedSubject: 'Løst for {customer}: {what}',
    digestSubject: 'Varsler for {customer}: {raised} nye, {resolved} løst',
    hello: 'Hei {firstName},',
    what: {
      missingFile: 'en forventet fil mangler',
      documentsRejected: 'avviste dokumenter over grensen',
      documentsNotDelivered: 'dokumenter som ikke er levert, over grensen',
      ediMessageFailed: 'en EDI-melding feilet',
      reportFailed: 'en rapport feilet',
    },
    raised: {
      missingFile: 'En forventet fil kom ikke innen fristen.',
      documentsRejected:
        'Avviste dokumenter innenfor et tidsvindu på {window}, {channel}: {measured}. Regelen varsler over {limit}.',
      documentsNotDelivered:
        'Dokumenter som ikke er levert, innenfor et tidsvindu på {window} som sluttet for en time siden, {channel}: {measured}. Regelen varsler over {limit}.',
      ediMessageFailed: 'EDI-meldingen {messageId} i forsendelsen {consignmentId} har status {status}.',
      reportFailed: 'Rapporten for {from} til {to} kunne ikke lages.',
    },
    resolved: 'Løst {time}: {what}.',
    digestIntro: 'Varsler for {customer} siden {since}:',
    digestRaised: 'Nytt {time}: {sentence}',
    digestResolved: 'Løst {time}: {what}.',
    action: 'Åpne varsler',
    footer:
      'Du får denne e-posten fordi du har valgt varsler på e-post for {customer}. Du kan endre det under Varsler, Mine varslinger.',
    allChannels: 'alle kanaler',
    channels: {
      email: 'E-post',
      sms: 'SMS',
      print: 'Trykk',
      eBoks: 'e-Boks',
      digipost: 'Digipost',
      kivra: 'Kivra',
      minaMeddelanden: 'Mina meddelanden',
      vipps: 'Vipps',
      internetBankEInvoice: 'eFaktura i nettbanken',
      b2bInvoiceNetwork: 'B2B-fakturanettverk',
      eArchive: 'E-arkiv',
      custom: 'Egen kanal',
    },
    documentsOne: '{n} dokument',
    documentsMany: '{n} dokumenter',
    share: '{value} % ({matching} av {total} dokumenter)',
    minutes: ['{n} minutt', '{n} minutter'],
    hours: ['{n} time', '{n} timer'],
    days: ['{n} døgn', '{n} døgn'],
  },
  da: {
    raisedSubject: 'Alarm for {customer}: {what}',
    resolvedSubject: 'Løst for {customer}: {what}',
    digestSubject: 'Alarmer for {customer}: {raised} nye, {resolved} løst',
    hello: 'Hej {firstName},',
    what: {
      missingFile: 'en forventet fil mangler',
      documentsRejected: 'afviste dokumenter over grænsen',
      documentsNotDelivered: 'ikke-leverede dokumenter over grænsen',
      ediMessageFailed: 'en EDI-meddelelse fejlede',
      reportFailed: 'en rapport fejlede',
    },
    raised: {
      missingFile: 'En forventet fil kom ikke inden fristen.',
      documentsRejected:
        'Afviste dokumenter inden for et tidsvindue på {window}, {channel}: {measured}. Reglen giver alarm over {limit}.',
      documentsNotDelivered:
        'Ikke-leverede dokumenter inden for et tidsvindue på {window}, der sluttede for en time siden, {channel}: {measured}. Reglen giver alarm over {limit}.',
      ediMessageFailed: 'EDI-meddelelsen {messageId} i forsendelsen {consignmentId} har status {status}.',
      reportFailed: 'Rapporten for {from} til {to} kunne ikke dannes.',
    },
    resolved: 'Løst {time}: {what}.',
    digestIntro: 'Alarmer for {customer} siden {since}:',
    digestRaised: 'Ny {time}: {sentence}',
    digestResolved: 'Løst {time}: {what}.',
    action: 'Åbn alarmer',
    footer:
      'Du får denne e-mail, fordi du har valgt alarmer pr. e-mail for {customer}. Du kan ændre det under Alarmer, Mine notifikationer.',
    allChannels: 'alle kanaler',
    channels: {
      email: 'E-mail',
      sms: 'SMS',
      print: 'Print',
      eBoks: 'e-Boks',
      digipost: 'Digipost',
      kivra: 'Kivra',
      minaMeddelanden: 'Mina meddelanden',
      vipps: 'Vipps',
      internetBankEInvoice: 'E-faktura i netbanken',
      b2bInvoiceNetwork: 'B2B-fakturanetværk',
      eArchive: 'E-arkiv',
      custom: 'Egen kanal',
    },
    documentsOne: '{n} dokument',
    documentsMany: '{n} dokumenter',
    share: '{value} % ({matching} af {total} dokumenter)',
    minutes: ['{n} minut', '{n} minutter'],
    hours: ['{n} time', '{n} timer'],
    days: ['{n} døgn', '{n} døgn'],
  },
  fi: {
    raisedSubject: 'Hälytys asiakkaalle {customer}: {what}',
    resolvedSubject: 'Ratkaistu asiakkaalle {customer}: {what}',
    digestSubject: 'Asiakkaan {customer} hälytykset: {raised} uutta, {resolved} ratkaistua',
    hello: 'Hei {firstName},',
    what: {
      missingFile: 'odotettu tiedosto puuttuu',
      documentsRejected: 'hylättyjä dokumentteja yli rajan',
      documentsNotDelivered: 'toimittamattomia dokumentteja yli rajan',
      ediMessageFailed: 'EDI-sanoma epäonnistui',
      reportFailed: 'raportti epäonnistui',
    },
    raised: {
      missingFile: 'Odotettu tiedosto ei saapunut määräaikaan mennessä.',
      documentsRejected:
        'Hylätyt dokumentit {window} aikaikkunassa, {channel}: {measured}. Sääntö hälyttää, kun raja {limit} ylittyy.',
      documentsNotDelivered:
        'Toimittamattomat dokumentit tunti sitten päättyneessä {window} aikaikkunassa, {channel}: {measured}. Sääntö hälyttää, kun raja {limit} ylittyy.',
      ediMessageFailed: 'Lähetyksen {consignmentId} EDI-sanoman {messageId} tila on {status}.',
      reportFailed: 'Raporttia ajalta {from}–{to} ei voitu luoda.',
    },
    resolved: 'Ratkaistu {time}: {what}.',
    digestIntro: 'Asiakkaan {customer} hälytykset {since} alkaen:',
    digestRaised: 'Uusi {time}: {sentence}',
    digestResolved: 'Ratkaistu {time}: {what}.',
    action: 'Avaa hälytykset',
    footer:
      'Saat tämän viestin, koska valitsit asiakkaan {customer} hälytykset sähköpostiin. Voit muuttaa valintaa kohdassa Hälytykset, Omat ilmoitukset.',
    allChannels: 'kaikki kanavat',
    channels: {
      email: 'Sähköposti',
      sms: 'Tekstiviesti',
      print: 'Tuloste',
      eBoks: 'e-Boks',
      digipost: 'Digipost',
      kivra: 'Kivra',
      minaMeddelanden: 'Mina meddelanden',
      vipps: 'Vipps',
      internetBankEInvoice: 'Verkkolasku verkkopankkiin',
      b2bInvoiceNetwork: 'B2B-verkkolaskuverkko',
      eArchive: 'Sähköinen arkisto',
      custom: 'Oma kanava',
    },
    documentsOne: '{n} dokumentti',
    documentsMany: '{n} dokumenttia',
    share: '{value} % ({matching}/{total} dokumenttia)',
    minutes: ['{n} minuutin', '{n} minuutin'],
    hours: ['{n} tunnin', '{n} tunnin'],
    days: ['{n} vuorokauden', '{n} vuorokauden'],
  },
};
