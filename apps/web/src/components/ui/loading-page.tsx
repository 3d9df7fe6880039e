import { Center, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export type LoadingSpinnerProps = {
  /** Spinner size in rem (spec 9 default 1.6). */
  size?: number;
  /** Text size in rem (default 1.6). */
  textSize?: number;
  showText?: boolean;
  /** Light variant for dark backgrounds. */
  light?: boolean;
  /** Visible only while true (default true). */
  loading?: boolean;
};

/** The loading spinner with the defaults of spec section 9. */
export function LoadingSpinner({
  size = 1.6,
  textSize = 1.6,
  showText = true,
  light = false,
  loading = true,
}: LoadingSpinnerProps) {
  const { t } = useTranslation();
  if (!loading) return null;
  return (
    <Stack align="center" gap="sm" role="status" aria-live="polite">
      <Loader size={`${size}rem`} color={light ? 'white' : undefined} />
      {showText ? (
        <Text fz={`${textSize}rem`} c={light ? 'white' : undefined}>
          {t('common.loading')}
        </Text>
      ) : (
        <span className="visually-hidden">{t('common.loading')}</span>
      )}
    </Stack>
  );
}

/** The loading page (/loading, and while a signed-in page waits for the user's profile). */
export function LoadingPage() {
  return (
    <Center mih="60vh">
      <LoadingSpinner />
    </Center>
  );
}
