import type { Language } from '@service-hub/contracts';
import type { Template } from '../mail/mail-templates.ts';

/** To the account's administrators when the Hub switched an endpoint off after failing for 3 days. */
export const ENDPOINT_DISABLED_MAIL: Record<Language, Template> = {
  'en-SE': {
    subject: 'Webhook for {customer} switched off after 3 days of failed deliveries',
    lines: [
      'Hello {firstName},',
      'Service Hub could not deliver events to the webhook {url} for {customer} since {since}, so it has switched the webhook off.',
      'Events that could not be delivered are in the delivery log. When the receiver works again, switch the webhook on and replay the failed deliveries.',
    ],
    action: 'Open the webhook',
    footer: 'You receive this e-mail because you administer {customer} in Service Hub.',
  },
  sv: {
    subject: 'Webhooken för {customer} stängdes av efter tre dygn av misslyckade leveranser',
    lines: [
      'Hej {firstName},',
      'Service Hub har inte kunnat leverera händelser till webhooken {url} för {customer} sedan {since} och har därför stängt av den.',
      'Händelser som inte kunde levereras finns i leveransloggen. När mottagaren fungerar igen kan du slå på webhooken och skicka om de misslyckade leveranserna.',
    ],
    action: 'Öppna webhooken',
    footer: 'Du får det här e-postmeddelandet eftersom du är administratör för {customer} i Service Hub.',
  },
  no: {
    subject: 'Webhooken for {customer} er slått av etter tre døgn med mislykkede leveranser',
    lines: [
      'Hei {firstName},',
      'Service Hub har ikke klart å levere hendelser til webhooken {url} for {customer} siden {since}, og har derfor slått den av.',
      'Hendelser som ikke kunne leveres, ligger i leveranseloggen. Når mottakeren virker igjen, kan du slå på webhooken og sende de mislykkede leveransene på nytt.',
    ],
    action: 'Åpne webhooken',
    footer: 'Du får denne e-posten fordi du er administrator for {customer} i Service Hub.',
  },
  da: {
    subject: 'Webhooken for {customer} er slået fra efter tre døgn med mislykkede leveringer',
    lines: [
      'Hej {firstName},',
      'Service Hub har ikke kunnet levere hændelser til webhooken {url} for {customer} siden {since} og har derfor slået den fra.',
      'Hændelser, der ikke kunne leveres, står i leveringsloggen. Når modtageren virker igen, kan du slå webhooken til og sende de mislykkede leveringer igen.',
    ],
    action: 'Åbn webhooken',
    footer: 'Du modtager denne e-mail, fordi du er administrator for {customer} i Service Hub.',
  },
  fi: {
    subject:
      'Asiakkaan {customer} webhook poistettiin käytöstä kolmen päivän epäonnistuneiden toimitusten jälkeen',
    lines: [
      'Hei {firstName},',
      'Service Hub ei ole pystynyt toimittamaan tapahtumia asiakkaan {customer} webhookiin {url} {since} jälkeen, joten se on poistanut webhookin käytöstä.',
      'Tapahtumat, joita ei voitu toimittaa, näkyvät toimituslokissa. Kun vastaanottaja toimii taas, ota webhook käyttöön ja lähetä epäonnistuneet toimitukset uudelleen.',
    ],
    action: 'Avaa webhook',
    footer: 'Saat tämän viestin, koska olet asiakkaan {customer} ylläpitäjä Service Hubissa.',
  },
};

/** A moment as the recipient reads it, in the Nordic time the Hub's customers work in. */
export function formatMailMoment(at: Date, language: Language): string {
  return new Intl.DateTimeFormat(language === 'en-SE' ? 'en-GB' : language === 'no' ? 'nb' : language, {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'Europe/Stockholm',
  }).format(at);
}
