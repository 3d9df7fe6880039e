import { Button, Code, CopyButton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export type CopyableCodeProps = {
  /** What is shown and copied. */
  value: string;
  /** The accessible name of the code block (and of its copy button). */
  label: string;
};

/**
 * A block of text to paste elsewhere (a key, a command) with a button that copies it. Long lines
 * wrap anywhere, so a key or a URL never pushes a phone's screen sideways.
 */
export function CopyableCode({ value, label }: CopyableCodeProps) {
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
            aria-label={t(copied ? 'common.copiedNamed' : 'common.copyNamed', { name: label })}
          >
            {t(copied ? 'common.copied' : 'common.copy')}
          </Button>
        )}
      </CopyButton>
    </Stack>
  );
}
