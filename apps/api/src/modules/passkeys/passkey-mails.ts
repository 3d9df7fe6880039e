import type { Language } from '@service-hub/contracts';
import { renderTemplate, type MailContent, type Template } from '../mail/mail-templates.ts';

/**
 * Security notices about a user's passkeys, to the user, in their language: a passkey is a way in,
 * so its owner hears of every new one (someone with a moment at their unlocked computer could add
 * one), and of an administrator's reset.
 */
const TEMPLATES: Record<'passkeyAdded' | 'secondFactorsReset', Record<Language, Template>> = {
  passkeyAdded: {
    'en-SE': {
      subject: 'A passkey was added to your Service Hub account',
      lines: [
        'Hello {firstName},',
        'A passkey named "{passkey}" was added to your account. It can now sign you in without your password.',
        'If this was not you, remove the passkey on your Account page, change your password and tell your administrator.',
      ],
      footer: 'You receive this e-mail because the security of your account changed.',
    },
    sv: {
      subject: 'En nyckel har lagts till på ditt konto i Service Hub',
      lines: [
        'Hej {firstName},',
        'En nyckel med namnet ”{passkey}” har lagts till på ditt konto. Den kan nu logga in dig utan ditt lösenord.',
        'Om det inte var du: ta bort nyckeln på sidan Mitt konto, byt lösenord och meddela din administratör.',
      ],
      footer: 'Du får det här meddelandet eftersom säkerheten för ditt konto har ändrats.',
    },
    no: {
      subject: 'En tilgangsnøkkel er lagt til på kontoen din i Service Hub',
      lines: [
        'Hei {firstName},',
        'En tilgangsnøkkel med navnet «{passkey}» er lagt til på kontoen din. Den kan nå logge deg inn uten passordet ditt.',
        'Hvis det ikke var deg: fjern tilgangsnøkkelen på siden Min konto, bytt passord og si fra til administratoren din.',
      ],
      footer: 'Du får denne e-posten fordi sikkerheten for kontoen din er endret.',
    },
    da: {
      subject: 'Der er tilføjet en adgangsnøgle til din konto i Service Hub',
      lines: [
        'Hej {firstName},',
        'En adgangsnøgle med navnet »{passkey}« er tilføjet til din konto. Den kan nu logge dig ind uden din adgangskode.',
        'Hvis det ikke var dig: fjern adgangsnøglen på siden Min konto, skift adgangskode, og giv din administrator besked.',
      ],
      footer: 'Du får denne e-mail, fordi sikkerheden for din konto er ændret.',
    },
    fi: {
      subject: 'Service Hub -tiliisi on lisätty pääsyavain',
      lines: [
        'Hei {firstName},',
        'Tiliisi on lisätty pääsyavain nimeltä ”{passkey}”. Sillä voi nyt kirjautua tilillesi ilman salasanaa.',
        'Jos et lisännyt sitä itse, poista pääsyavain Oma tili -sivulla, vaihda salasanasi ja ilmoita ylläpitäjällesi.',
      ],
      footer: 'Saat tämän viestin, koska tilisi suojausasetukset ovat muuttuneet.',
    },
  },
  secondFactorsReset: {
    'en-SE': {
      subject: 'Your second factors in Service Hub were reset',
      lines: [
        'Hello {firstName},',
        'An administrator removed your passkeys and your authenticator app and signed you out everywhere.',
        'Sign in with your password and a code by e-mail, then add a passkey again on your Account page.',
      ],
      footer: 'If you did not ask for this, contact your administrator.',
    },
    sv: {
      subject: 'Dina andra faktorer i Service Hub har återställts',
      lines: [
        'Hej {firstName},',
        'En administratör har tagit bort dina nycklar och din autentiseringsapp och loggat ut dig överallt.',
        'Logga in med ditt lösenord och en kod via e-post och lägg sedan till en nyckel igen på sidan Mitt konto.',
      ],
      footer: 'Om du inte har bett om det här, kontakta din administratör.',
    },
    no: {
      subject: 'De andre faktorene dine i Service Hub er tilbakestilt',
      lines: [
        'Hei {firstName},',
        'En administrator har fjernet tilgangsnøklene og autentiseringsappen din og logget deg ut overalt.',
        'Logg inn med passordet ditt og en kode på e-post, og legg deretter til en tilgangsnøkkel igjen på siden Min konto.',
      ],
      footer: 'Hvis du ikke har bedt om dette, ta kontakt med administratoren din.',
    },
    da: {
      subject: 'Dine andre faktorer i Service Hub er nulstillet',
      lines: [
        'Hej {firstName},',
        'En administrator har fjernet dine adgangsnøgler og din godkendelsesapp og logget dig ud overalt.',
        'Log ind med din adgangskode og en kode på e-mail, og tilføj derefter en adgangsnøgle igen på siden Min konto.',
      ],
      footer: 'Hvis du ikke har bedt om dette, så kontakt din administrator.',
    },
    fi: {
      subject: 'Toiset tunnistautumistapasi on nollattu Service Hubissa',
      lines: [
        'Hei {firstName},',
        'Ylläpitäjä poisti pääsyavaimesi ja todennussovelluksesi ja kirjasi sinut ulos kaikkialta.',
        'Kirjaudu salasanallasi ja sähköpostiin lähetetyllä koodilla ja lisää sitten pääsyavain uudelleen Oma tili -sivulla.',
      ],
      footer: 'Jos et pyytänyt tätä, ota yhteyttä ylläpitäjääsi.',
    },
  },
};

export const renderPasskeyMail = (
  template: keyof typeof TEMPLATES,
  language: Language,
  values: Record<string, string>,
): MailContent => renderTemplate(TEMPLATES[template][language], values);
