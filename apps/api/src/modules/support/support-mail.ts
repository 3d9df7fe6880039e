import type { Language } from '@service-hub/contracts';
import type { Template } from '../mail/mail-templates.ts';

/**
 * E-mails about support cases, in the recipient's language. They carry the case number and a
 * link, never the message itself: the conversation stays behind the sign-in.
 */
export const SUPPORT_MAIL: Record<
  'caseCreated' | 'caseReply' | 'caseStatusChanged',
  Record<Language, Template>
> = {
  caseCreated: {
    'en-SE': {
      subject: 'New support case {caseNumber} from {customer}',
      lines: ['Hello {firstName},', '{author} at {customer} has opened support case {caseNumber}: {title}.'],
      action: 'Open the case',
      footer: 'You receive this e-mail because you answer support cases in Service Hub.',
    },
    sv: {
      subject: 'Nytt supportärende {caseNumber} från {customer}',
      lines: ['Hej {firstName},', '{author} på {customer} har öppnat supportärende {caseNumber}: {title}.'],
      action: 'Öppna ärendet',
      footer: 'Du får det här e-postmeddelandet eftersom du besvarar supportärenden i Service Hub.',
    },
    no: {
      subject: 'Ny supportsak {caseNumber} fra {customer}',
      lines: ['Hei {firstName},', '{author} hos {customer} har opprettet supportsak {caseNumber}: {title}.'],
      action: 'Åpne saken',
      footer: 'Du får denne e-posten fordi du besvarer supportsaker i Service Hub.',
    },
    da: {
      subject: 'Ny supportsag {caseNumber} fra {customer}',
      lines: ['Hej {firstName},', '{author} hos {customer} har oprettet supportsag {caseNumber}: {title}.'],
      action: 'Åbn sagen',
      footer: 'Du modtager denne e-mail, fordi du besvarer supportsager i Service Hub.',
    },
    fi: {
      subject: 'Uusi tukipyyntö {caseNumber} asiakkaalta {customer}',
      lines: ['Hei {firstName},', '{author} ({customer}) on avannut tukipyynnön {caseNumber}: {title}.'],
      action: 'Avaa tukipyyntö',
      footer: 'Saat tämän viestin, koska vastaat Service Hubin tukipyyntöihin.',
    },
  },
  caseReply: {
    'en-SE': {
      subject: 'New reply in support case {caseNumber}',
      lines: ['Hello {firstName},', '{author} has replied in support case {caseNumber}: {title}.'],
      action: 'Read the reply',
      footer: 'Reply in Service Hub so that the whole conversation stays in the case.',
    },
    sv: {
      subject: 'Nytt svar i supportärende {caseNumber}',
      lines: ['Hej {firstName},', '{author} har svarat i supportärende {caseNumber}: {title}.'],
      action: 'Läs svaret',
      footer: 'Svara i Service Hub så att hela konversationen finns kvar i ärendet.',
    },
    no: {
      subject: 'Nytt svar i supportsak {caseNumber}',
      lines: ['Hei {firstName},', '{author} har svart i supportsak {caseNumber}: {title}.'],
      action: 'Les svaret',
      footer: 'Svar i Service Hub, så blir hele samtalen liggende i saken.',
    },
    da: {
      subject: 'Nyt svar i supportsag {caseNumber}',
      lines: ['Hej {firstName},', '{author} har svaret i supportsag {caseNumber}: {title}.'],
      action: 'Læs svaret',
      footer: 'Svar i Service Hub, så hele samtalen bliver i sagen.',
    },
    fi: {
      subject: 'Uusi vastaus tukipyyntöön {caseNumber}',
      lines: ['Hei {firstName},', '{author} on vastannut tukipyyntöön {caseNumber}: {title}.'],
      action: 'Lue vastaus',
      footer: 'Vastaa Service Hubissa, niin koko keskustelu säilyy tukipyynnössä.',
    },
  },
  caseStatusChanged: {
    'en-SE': {
      subject: 'Support case {caseNumber} has a new status',
      lines: ['Hello {firstName},', '{author} has changed the status of support case {caseNumber}: {title}.'],
      action: 'Open the case',
      footer: 'You receive this e-mail because you take part in this support case.',
    },
    sv: {
      subject: 'Supportärende {caseNumber} har fått ny status',
      lines: ['Hej {firstName},', '{author} har ändrat status för supportärende {caseNumber}: {title}.'],
      action: 'Öppna ärendet',
      footer: 'Du får det här e-postmeddelandet eftersom du deltar i supportärendet.',
    },
    no: {
      subject: 'Supportsak {caseNumber} har fått ny status',
      lines: ['Hei {firstName},', '{author} har endret status for supportsak {caseNumber}: {title}.'],
      action: 'Åpne saken',
      footer: 'Du får denne e-posten fordi du deltar i supportsaken.',
    },
    da: {
      subject: 'Supportsag {caseNumber} har fået ny status',
      lines: ['Hej {firstName},', '{author} har ændret status for supportsag {caseNumber}: {title}.'],
      action: 'Åbn sagen',
      footer: 'Du modtager denne e-mail, fordi du deltager i supportsagen.',
    },
    fi: {
      subject: 'Tukipyynnön {caseNumber} tila on muuttunut',
      lines: ['Hei {firstName},', '{author} on muuttanut tukipyynnön {caseNumber} tilaa: {title}.'],
      action: 'Avaa tukipyyntö',
      footer: 'Saat tämän viestin, koska olet mukana tässä tukipyynnössä.',
    },
  },
};
