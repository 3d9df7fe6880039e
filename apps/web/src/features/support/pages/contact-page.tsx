import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconMail, IconPhone } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Language, TMarketSupportContact } from '@service-hub/contracts';
import { MarketFlag } from '../../../components/ui/market-flag';
import { intlLocale } from '../../../lib/i18n';
import { useActiveAccount } from '../../../lib/session/active-account';
import { useSupportContact } from '../api/get-support-contact';

/** A moment shown in the market's own time zone, with the weekday when it is not today. */
function marketTime(iso: string, timeZone: string, language: string, withDay: boolean): string {
  return new Intl.DateTimeFormat(intlLocale(language), {
    timeZone,
    ...(withDay ? { weekday: 'long', day: 'numeric', month: 'long' } : {}),
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso));
}

/** The calendar date of a moment in a time zone, to tell "today" from another day. */
const dayIn = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(iso),
  );

function MarketCard({ market, at }: { market: TMarketSupportContact; at: string }) {
  const { t, i18n } = useTranslation();
  const headingId = `support-market-${market.market}`;
  const opensToday =
    market.nextOpening !== null && dayIn(market.nextOpening, market.timeZone) === dayIn(at, market.timeZone);
  return (
    <Card withBorder component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <span aria-hidden>
              <MarketFlag market={market.market} label="" />
            </span>
            <Title order={2} size="h3" id={headingId}>
              {t(`common.markets.${market.market}`)}
            </Title>
          </Group>
          <Badge color={market.isOpen ? 'green' : 'gray'} variant="light" c="dark.8" tt="none">
            {market.isOpen ? t('support.contact.openNow') : t('support.contact.closedNow')}
          </Badge>
        </Group>
        <Group gap="xs" wrap="nowrap">
          <IconMail size={18} aria-hidden />
          <Anchor href={`mailto:${market.email}`}>{market.email}</Anchor>
        </Group>
        <Group gap="xs" wrap="nowrap">
          <IconPhone size={18} aria-hidden />
          {market.phone ? (
            <Anchor href={`tel:${market.phone.replace(/\s/g, '')}`}>{market.phone}</Anchor>
          ) : (
            <Text>{t('support.contact.noPhone')}</Text>
          )}
        </Group>
        <Text size="sm" data-testid={`support-state-${market.market}`}>
          {market.isOpen && market.closesAt
            ? t('support.contact.closesAt', {
                time: marketTime(market.closesAt, market.timeZone, i18n.language, false),
              })
            : market.nextOpening
              ? t('support.contact.opensAt', {
                  time: marketTime(market.nextOpening, market.timeZone, i18n.language, !opensToday),
                })
              : t('support.contact.phoneClosed')}
        </Text>
        {market.phone && (
          <Table withRowBorders={false} verticalSpacing={2} fz="sm">
            <Table.Caption>{t('support.contact.hoursCaption', { zone: market.timeZone })}</Table.Caption>
            <Table.Tbody>
              {market.hours.map((day) => (
                <Table.Tr key={day.day}>
                  <Table.Th scope="row" fw={400}>
                    {t(`support.weekdays.${day.day}`)}
                  </Table.Th>
                  <Table.Td>
                    {day.opens && day.closes ? `${day.opens}–${day.closes}` : t('support.contact.closed')}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {market.phone && market.upcomingHolidays.length > 0 && (
          <Stack gap={2}>
            <Text size="sm" fw={600}>
              {t('support.contact.holidays')}
            </Text>
            {market.upcomingHolidays.map((holiday) => (
              <Text size="sm" key={holiday.date}>
                {new Intl.DateTimeFormat(intlLocale(i18n.language), {
                  day: 'numeric',
                  month: 'long',
                  timeZone: 'UTC',
                }).format(new Date(`${holiday.date}T00:00:00Z`))}
                {' – '}
                {holiday.name}
              </Text>
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

/**
 * Contact per market (spec 2 and 9): e-mail, phone and phone hours, whether the line is open now
 * in that market's time zone and when it opens next. The active account's market comes first.
 */
export default function ContactPage() {
  const { t, i18n } = useTranslation();
  const { account } = useActiveAccount();
  const { data } = useSupportContact(i18n.language as Language);
  const markets = [...(data?.markets ?? [])].sort(
    (a, b) => Number(b.market === account?.market) - Number(a.market === account?.market),
  );
  return (
    <Stack>
      <Title order={1}>{t('titles.contact')}</Title>
      <Text c="dimmed">{t('support.contact.intro')}</Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {markets.map((market) => (
          <MarketCard key={market.market} market={market} at={data?.at ?? new Date().toISOString()} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
