import { Alert, Button, Code, CopyButton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export type ShownOnceTokenProps = {
  /** The token itself, from the answer that created it. */
  token: string;
};

/**
 * A new token with a copy button and the warning that it will not be shown again (the server keeps
 * only its hash). Long tokens wrap anywhere, so a phone's screen never scrolls sideways.
 */
export function ShownOnceToken({ token }: ShownOnceTokenProps) {
  const { t } = useTranslation();
  const label = t('scim.tokens.theToken');
  return (
    <Stack>
      <Alert color="yellow" role="status" styles={{ title: { color: 'var(--mantine-color-text)' } }}>
        <Text size="sm">{t('scim.tokens.shownOnce')}</Text>
      </Alert>
      <CopyableValue value={token} label={label} />
    </Stack>
  );
}

export type CopyableValueProps = { value: string; label: string };

/** A value to paste into the directory's settings, with a button that copies it. */
export function CopyableValue({ value, label }: CopyableValueProps) {
  const { t } = useTranslation();
  return (
    <Stack gap={6} align="flex-start">
      <Code
        block
        aria-label={label}
        w="100%"
        style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', wordBreak: 'break-all' }}
      >
        {value}
      </Code>
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Button
            size="xs"
            variant="light"
            onClick={copy}
            // The name starts with the words on the button (WCAG 2.5.3), then says what it copies.
            aria-label={t(copied ? 'scim.copiedNamed' : 'scim.copyNamed', { name: label })}
          >
            {t(copied ? 'scim.copied' : 'scim.copy')}
          </Button>
        )}
      </CopyButton>
    </Stack>
  );
}
