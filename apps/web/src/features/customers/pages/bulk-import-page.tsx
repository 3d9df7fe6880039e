import { Alert, Badge, Button, Group, Progress, Stack, Stepper, Text, Textarea, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TBulkCheckedAccount, TCustomerImport } from '@service-hub/contracts';
import { ApiRequestError } from '../../../lib/api/client';
import { showSuccess } from '../../../lib/feedback/toasts';
import { useCheckBulkAccounts } from '../api/check-bulk-accounts';
import { useCustomerImport } from '../api/get-customer-import';
import { useImportBulkAccounts } from '../api/import-bulk-accounts';
import { BulkProblemText } from '../components/bulk-problem';
import { serverFieldErrors } from '../../../lib/forms/form-validation';
import { customersLinks } from '../customers-links';

function AccountList({ accounts, label }: { accounts: TBulkCheckedAccount[]; label: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" component="section" aria-label={label}>
      <Title order={2} size="h4">
        {label}
      </Title>
      {accounts.length === 0 ? (
        <Text c="dimmed">{t('customers.bulk.none')}</Text>
      ) : (
        <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {accounts.map((account) => (
            <Group key={account.accountNumber} component="li" gap="xs" wrap="nowrap" align="flex-start">
              <Badge variant="outline" style={{ flexShrink: 0 }}>
                {account.accountNumber}
              </Badge>
              <div>
                {account.crm?.name && <Text size="sm">{account.crm.name}</Text>}
                <BulkProblemText problem={account.problem} missingFields={account.missingFields} />
              </div>
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function ImportResult({ record }: { record: TCustomerImport }) {
  const { t } = useTranslation();
  const running = record.status === 'queued' || record.status === 'running';
  const failures = record.accounts.filter((a) => a.status === 'failed');
  // An imported account has its customer id.
  const imported = record.accounts.filter(
    (a): a is typeof a & { customerId: number } => a.status === 'imported' && a.customerId !== null,
  );
  return (
    <Stack>
      <Stack gap={4}>
        <Text id="import-progress-label">
          {t('customers.bulk.progress', { processed: record.processed, total: record.total })}
        </Text>
        <Progress.Root size="lg">
          <Progress.Section
            value={record.total ? (record.processed / record.total) * 100 : 0}
            animated={running}
            aria-labelledby="import-progress-label"
          />
        </Progress.Root>
      </Stack>
      {!running && (
        <>
          <Alert color={record.failed > 0 ? 'yellow' : 'green'} role="status">
            {t('customers.bulk.summary', { imported: record.imported, failed: record.failed })}
          </Alert>
          {imported.length > 0 && (
            <Stack
              gap={6}
              component="ul"
              aria-label={t('customers.bulk.importedList')}
              style={{ paddingLeft: 0, listStyle: 'none' }}
            >
              {imported.map((a) => (
                <Group key={a.accountNumber} component="li" gap="xs">
                  <Badge variant="outline">{a.accountNumber}</Badge>
                  <Button
                    component={Link}
                    to={customersLinks.customer(a.customerId)}
                    variant="subtle"
                    size="compact-sm"
                  >
                    {t('customers.bulk.open')}
                  </Button>
                </Group>
              ))}
            </Stack>
          )}
          {failures.length > 0 && (
            <Stack gap="xs" component="section" aria-labelledby="import-failures">
              <Title order={2} size="h4" id="import-failures">
                {t('customers.bulk.failures')}
              </Title>
              <Stack gap={6} component="ul" style={{ paddingLeft: 0, listStyle: 'none' }}>
                {failures.map((a) => (
                  <Group key={a.accountNumber} component="li" gap="xs" wrap="nowrap" align="flex-start">
                    <Badge variant="outline" color="red">
                      {a.accountNumber}
                    </Badge>
                    <BulkProblemText problem={a.problem} missingFields={a.missingFields} />
                  </Group>
                ))}
              </Stack>
            </Stack>
          )}
        </>
      )}
    </Stack>
  );
}

/**
 * Bulk creation from the CRM (spec 2 and 4, /customers/new-bulk): account numbers → checked
 * against the CRM and the Hub → review → import. Changing an earlier step resets the later ones.
 */
export function BulkImportPage() {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [step, setStep] = useState(0);
  const check = useCheckBulkAccounts();
  const start = useImportBulkAccounts();
  const [importId, setImportId] = useState<string>();
  const progress = useCustomerImport(importId);
  const accounts = check.data?.accounts;
  const ready = accounts?.filter((a) => a.ready) ?? [];
  const notReady = accounts?.filter((a) => !a.ready) ?? [];
  const record = progress.data;
  const finished = record !== undefined && (record.status === 'finished' || record.status === 'failed');

  useEffect(() => {
    if (finished && record.imported > 0) showSuccess('customers.bulk.imported', { count: record.imported });
  }, [finished, record?.imported]);

  const reset = (value: string) => {
    setText(value);
    check.reset();
    start.reset();
    setImportId(undefined);
    setStep(0);
  };
  const crmDown = (error: unknown) =>
    error instanceof ApiRequestError && error.body?.errorCode === 'CRM_UNAVAILABLE';
  const inputError = serverFieldErrors(check.error, t).accountNumbers;

  return (
    <Stack maw={900}>
      <Title order={1}>{t('titles.newCustomersBulk')}</Title>
      <Stepper
        active={step}
        onStepClick={(next) => next < step && !importId && setStep(next)}
        allowNextStepsSelect={false}
      >
        <Stepper.Step label={t('customers.bulk.steps.enter')}>
          <Stack>
            <Textarea
              label={t('customers.bulk.accountNumbers')}
              description={t('customers.bulk.accountNumbersHelp')}
              autosize
              minRows={3}
              value={text}
              onChange={(event) => reset(event.currentTarget.value)}
              error={inputError}
            />
            {crmDown(check.error) && (
              <Alert color="red" role="alert">
                {t('customers.bulk.crmUnavailable')}
              </Alert>
            )}
            <Group>
              <Button
                loading={check.isPending}
                disabled={text.trim() === ''}
                onClick={() => check.mutate(text, { onSuccess: () => setStep(1) })}
              >
                {t('customers.bulk.check')}
              </Button>
            </Group>
          </Stack>
        </Stepper.Step>
        <Stepper.Step label={t('customers.bulk.steps.review')}>
          <Stack>
            <AccountList accounts={ready} label={t('customers.bulk.ready', { count: ready.length })} />
            <AccountList
              accounts={notReady}
              label={t('customers.bulk.notReady', { count: notReady.length })}
            />
            {crmDown(start.error) && (
              <Alert color="red" role="alert">
                {t('customers.bulk.crmUnavailable')}
              </Alert>
            )}
            <Group>
              <Button variant="default" onClick={() => setStep(0)}>
                {t('customers.bulk.back')}
              </Button>
              <Button
                disabled={ready.length === 0}
                loading={start.isPending}
                onClick={() =>
                  start.mutate(
                    ready.map((a) => a.accountNumber),
                    {
                      onSuccess: (created) => {
                        setImportId(created.id);
                        setStep(2);
                      },
                    },
                  )
                }
              >
                {t('customers.bulk.import', { count: ready.length })}
              </Button>
            </Group>
          </Stack>
        </Stepper.Step>
        <Stepper.Step label={t('customers.bulk.steps.import')}>
          {record ? (
            <Stack>
              <ImportResult record={record} />
              {finished && (
                <Group>
                  <Button variant="default" onClick={() => reset('')}>
                    {t('customers.bulk.again')}
                  </Button>
                  <Button component={Link} to={customersLinks.list()} variant="subtle">
                    {t('titles.customers')}
                  </Button>
                </Group>
              )}
            </Stack>
          ) : null}
        </Stepper.Step>
      </Stepper>
    </Stack>
  );
}
