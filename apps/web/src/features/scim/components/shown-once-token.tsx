import { Alert, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CopyableCode } from '../../../components/ui/copyable-code';

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
      <CopyableCode value={token} label={label} />
    </Stack>
  );
}
