import { Anchor, Badge, Button, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconLifebuoy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SUPPORT_CASE_MAX_ITEMS, type SupportCaseStatus, type SupportItemKind } from '@service-hub/contracts';
import { formatDateTime } from '../../lib/format';
import { supportLinks } from '../../lib/routing/support-links';
import { useSupportAccess } from '../../lib/support/support-access';
import { useSupportCasesAbout } from '../../lib/support/support-cases-about';

/*
 * Support on the pages of what a case can be about (issue 25): tracking documents and files, EDI
 * consignments, messages and documents, and their lists. The words come from the page (each
 * feature's section of the catalog); only the case statuses are support's shared vocabulary.
 */

type Item = { kind: SupportItemKind; id: number };

export type AskSupportButtonProps = {
  accountId: number;
  item: Item;
  /** "Ask support about this", in the page's words. */
  label: string;
};

/** Opens the new-case form about one item; shown only where the user may open a case. */
export function AskSupportButton({ accountId, item, label }: AskSupportButtonProps) {
  const { canAsk } = useSupportAccess();
  if (!canAsk || accountId <= 0) return null;
  return (
    <Button
      component={Link}
      to={supportLinks.newCase({ accountId, items: [item] })}
      variant="default"
      size="xs"
      leftSection={<IconLifebuoy size={16} aria-hidden />}
    >
      {label}
    </Button>
  );
}

export type AskSupportAboutSelectedProps = {
  accountId: number;
  items: readonly Item[];
  /** "Ask support about selected (N)", in the list's words. */
  label: (count: number) => string;
  /** Said when more than SUPPORT_CASE_MAX_ITEMS rows are chosen: only the first go with the case. */
  tooMany: (maximum: number) => string;
};

/**
 * A list's action for its chosen rows: the new-case form about them (at most
 * SUPPORT_CASE_MAX_ITEMS, the first chosen). Nothing shows until a row is chosen.
 */
export function AskSupportAboutSelected({ accountId, items, label, tooMany }: AskSupportAboutSelectedProps) {
  const { canAsk } = useSupportAccess();
  if (!canAsk || accountId <= 0 || items.length === 0) return null;
  const sent = items.slice(0, SUPPORT_CASE_MAX_ITEMS);
  return (
    <Group gap="xs" wrap="wrap">
      <Button
        component={Link}
        to={supportLinks.newCase({ accountId, items: sent.map(({ kind, id }) => ({ kind, id })) })}
        variant="default"
        leftSection={<IconLifebuoy size={16} aria-hidden />}
      >
        {label(items.length)}
      </Button>
      {items.length > SUPPORT_CASE_MAX_ITEMS && (
        <Text size="sm" c="dimmed" role="status">
          {tooMany(SUPPORT_CASE_MAX_ITEMS)}
        </Text>
      )}
    </Group>
  );
}

const COLOURS: Record<SupportCaseStatus, string> = {
  needsAttention: 'red',
  onHold: 'gray',
  ongoing: 'blue',
  readyForClosure: 'teal',
  resolved: 'green',
  waitingForDetails: 'orange',
};

export type SupportCasesAboutProps = {
  accountId: number;
  item: Item | undefined;
  /** Whether the page has its own data: the section asks only after it (it is secondary). */
  ready: boolean;
  /** The section's heading, in the page's words. */
  title: string;
};

/**
 * The account's open support cases about the item, each a link to the case. Rendered below the
 * page's content and only when there are some, so the page does not move while it loads.
 */
export function SupportCasesAbout({ accountId, item, ready, title }: SupportCasesAboutProps) {
  const { t, i18n } = useTranslation();
  const { canSeeCases } = useSupportAccess();
  const cases = useSupportCasesAbout(accountId, item, ready && canSeeCases);
  const list = cases.data?.cases ?? [];
  if (list.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-label={title}>
      <Title order={2} size="h4">
        {title}
      </Title>
      <List listStyleType="none" spacing="xs" p={0}>
        {list.map((supportCase) => (
          <List.Item key={supportCase.caseId}>
            <Group gap="xs" wrap="wrap">
              <Anchor component={Link} to={supportLinks.caseInAccount(supportCase.caseId, accountId)}>
                {supportCase.caseNumber}
              </Anchor>
              <Text span style={{ overflowWrap: 'anywhere' }}>
                {supportCase.title}
              </Text>
              {/* Dark text on the light variant keeps the contrast of every colour above 4.5:1. */}
              <Badge color={COLOURS[supportCase.status]} variant="light" c="dark.8" tt="none">
                {t(`support.statuses.${supportCase.status}`)}
              </Badge>
              <Text span size="sm" c="dimmed">
                {formatDateTime(supportCase.updated, i18n.language)}
              </Text>
            </Group>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
