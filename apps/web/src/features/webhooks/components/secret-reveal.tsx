import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export type SecretRevealProps = {
  /** The signing secret, straight from the answer that created it. */
  secret: string;
  /** What the administrator did (registered, rotated): the heading says it. */
  title: string;
  onDone: () => void;
};

/**
 * A signing secret, shown this once: the server keeps it only to sign and never answers it again,
 * so it stays on screen with a copy button until the administrator says they have it.
 */
export function SecretReveal({ secret, title, onDone }: SecretRevealProps) {
  const { t } = useTranslation();
  return (
    <Alert
      color="yellow"
      role="status"
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
      title={title}
    >
      <Stack gap="xs">
        <Text size="sm" fw={700}>
          {t('webhooks.secret.shownOnce')}
        </Text>
        <Code block aria-label={t('webhooks.secret.label')} style={{ wordBreak: 'break-all' }}>
          {secret}
        </Code>
        <Group>
          <CopyButton value={secret}>
            {({ copied, copy }) => (
              <Button size="xs" variant="light" onClick={copy}>
                {t(copied ? 'webhooks.secret.copied' : 'webhooks.secret.copy')}
              </Button>
            )}
          </CopyButton>
          <Button size="xs" variant="default" onClick={onDone}>
            {t('webhooks.secret.done')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
