import { DatesProvider } from '@mantine/dates';
import '@mantine/dates/styles.css';
import 'dayjs/locale/da';
import 'dayjs/locale/fi';
import 'dayjs/locale/nb';
import 'dayjs/locale/sv';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** dayjs locale of each UI language (Norwegian is Bokmål). */
const DAYJS_LOCALES: Record<string, string> = { 'en-SE': 'en', sv: 'sv', no: 'nb', da: 'da', fi: 'fi' };

/** Date pickers in the user's language, weeks starting on Monday as in the Nordic markets. */
export function LocalDatesProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return (
    <DatesProvider settings={{ locale: DAYJS_LOCALES[i18n.language] ?? 'en', firstDayOfWeek: 1 }}>
      {children}
    </DatesProvider>
  );
}
