import { Alert, Anchor, Box, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import classes from './widget-card.module.css';

/** What a widget's data is doing: each state has its own look, and none breaks the page. */
export type WidgetState = 'loading' | 'error' | 'empty' | 'ready';

/** The state of a TanStack query, with `isEmpty` deciding between empty and ready. */
export function widgetState(
  query: { isPending: boolean; isError: boolean },
  isEmpty: () => boolean,
): WidgetState {
  if (query.isError) return 'error';
  if (query.isPending) return 'loading';
  return isEmpty() ? 'empty' : 'ready';
}

type WidgetCardProps = {
  title: string;
  /** The widget's page, with the filter that shows what the widget counts. */
  link?: { to: string; label: string };
  state?: WidgetState;
  /**
   * The height of the content when full (widget-sizes.ts), kept while loading, when empty and on
   * error: the dashboard does not move when the answer arrives. Static widgets need none.
   */
  reserve?: string;
  /** Instead, a class of the widget's own that reserves it (e.g. by the card's width). */
  reserveClassName?: string;
  empty?: ReactNode;
  onRetry?: () => void;
  /** Rendered only when ready, so it may read the loaded data. */
  children: () => ReactNode;
};

/**
 * One dashboard widget: a titled region with its own loading, error and empty states, all of the
 * same size. The link to its page sits in a footer line of its own, so that a count arriving in
 * its label cannot wrap the heading.
 */
export function WidgetCard({
  title,
  link,
  state = 'ready',
  reserve,
  reserveClassName,
  empty,
  onRetry,
  children,
}: WidgetCardProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Card withBorder component="section" aria-labelledby={titleId} h="100%">
      <Title order={2} size="h4" id={titleId} mb="sm">
        {title}
      </Title>
      <div className={classes.body}>
        <Box className={reserveClassName} mih={reserve}>
          {state === 'loading' && (
            <Group gap="xs" role="status">
              <Loader size="sm" />
              <Text size="sm" c="dimmed">
                {t('common.loading')}
              </Text>
            </Group>
          )}
          {state === 'error' && <WidgetError onRetry={onRetry} />}
          {state === 'empty' && <Text>{empty}</Text>}
          {state === 'ready' && <Stack gap="sm">{children()}</Stack>}
        </Box>
      </div>
      {link && (
        <div className={classes.footer}>
          {(state === 'ready' || state === 'empty') && (
            <Anchor component={Link} to={link.to} size="sm" className={classes.oneLine}>
              {link.label}
            </Anchor>
          )}
        </div>
      )}
    </Card>
  );
}

export function WidgetError({ onRetry }: { onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" variant="light" title={t('dashboard.widgetFailed')}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t('dashboard.widgetFailedHint')}</Text>
        {onRetry && (
          <Button size="xs" variant="default" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
