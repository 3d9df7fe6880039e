import '@mantine/dates/styles.css';
import {
  Button,
  Card,
  Checkbox,
  Group,
  NumberInput,
  Radio,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  DEPLOYMENT_DIRECTIONS,
  DEPLOYMENT_ENVIRONMENTS,
  EDI_MESSAGE_STANDARD_KEYS,
  EDI_MESSAGE_STANDARDS,
  EDI_PROTOCOLS,
  PARTNER_IDENTIFIER_TYPES,
  ZCreateDeploymentRequestRequest,
  type EdiProtocol,
  type TCreateDeploymentRequestRequest,
} from '@service-hub/contracts';
import { showSuccess } from '../../../lib/feedback/toasts';
import { serverFieldErrors, validateWith } from '../../../lib/forms/form-validation';
import { discardUnsavedChanges, useReportUnsavedChanges } from '../../../lib/routing/unsaved-changes';
import { useActiveAccount } from '../../../lib/session/active-account';
import { useCreateDeploymentRequest } from '../api/create-deployment-request';
import { ediConnectLinks } from '../edi-connect-links';

type Values = {
  partnerName: string;
  partnerIdentifierType: string;
  partnerIdentifier: string;
  connection: {
    protocol: EdiProtocol;
    as2Id: string;
    url: string;
    host: string;
    port: number | string;
    username: string;
    odetteId: string;
  };
  messageStandard: string;
  messageTypes: string[];
  direction: string;
  environment: string;
  contactName: string;
  contactEmail: string;
  contactPhone: string;
  requestedGoLive: string | null;
  notes: string;
};

const DEFAULT_PORTS: Record<EdiProtocol, number | ''> = { AS2: '', SFTP: 22, OFTP2: 3305 };

/** The form's values as the API's request: only the chosen protocol's connection details. */
function toRequest(values: Values): unknown {
  const c = values.connection;
  const port = typeof c.port === 'number' ? c.port : undefined;
  const connection =
    c.protocol === 'AS2'
      ? { protocol: c.protocol, as2Id: c.as2Id, url: c.url }
      : c.protocol === 'SFTP'
        ? { protocol: c.protocol, host: c.host, port, username: c.username }
        : { protocol: c.protocol, odetteId: c.odetteId, host: c.host, port };
  return {
    partnerName: values.partnerName,
    partnerIdentifierType: values.partnerIdentifierType,
    partnerIdentifier: values.partnerIdentifier.trim(),
    connection,
    messageStandard: values.messageStandard,
    messageTypes: values.messageTypes,
    direction: values.direction,
    environment: values.environment,
    contactName: values.contactName,
    contactEmail: values.contactEmail.trim(),
    ...(values.contactPhone.trim() ? { contactPhone: values.contactPhone } : {}),
    requestedGoLive: values.requestedGoLive ?? '',
    ...(values.notes.trim() ? { notes: values.notes } : {}),
  };
}

/** Messages for rules the generic ones do not explain. */
const MESSAGES: Record<string, string> = {
  partnerIdentifier: 'ediConnect.errors.partnerIdentifier',
  'connection.as2Id': 'ediConnect.errors.as2Id',
  'connection.url': 'ediConnect.errors.url',
  'connection.host': 'ediConnect.errors.host',
  'connection.odetteId': 'ediConnect.errors.odetteId',
  contactPhone: 'ediConnect.errors.phone',
  messageTypes: 'ediConnect.errors.messageTypes',
  requestedGoLive: 'ediConnect.errors.goLive',
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `edi-connect-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <Card withBorder component="section" aria-labelledby={id}>
      <Stack>
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

const today = () => new Date().toISOString().slice(0, 10);

/** A new communication order: the trading partner, how to reach it, what to exchange, whom to ask. */
export default function NewRequestPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { account } = useActiveAccount();
  const create = useCreateDeploymentRequest(account?.id ?? null);
  const form = useForm<Values>({
    initialValues: {
      partnerName: '',
      partnerIdentifierType: 'GLN',
      partnerIdentifier: '',
      connection: { protocol: 'AS2', as2Id: '', url: '', host: '', port: '', username: '', odetteId: '' },
      messageStandard: 'EDIFACT',
      messageTypes: [],
      direction: 'OUTBOUND',
      environment: 'TEST',
      contactName: '',
      contactEmail: '',
      contactPhone: '',
      requestedGoLive: null,
      notes: '',
    },
    validate: validateWith(ZCreateDeploymentRequestRequest, t, { toRequest, keys: MESSAGES }),
  });
  useReportUnsavedChanges(form.isDirty());
  const protocol = form.values.connection.protocol;
  const types: readonly string[] =
    EDI_MESSAGE_STANDARDS[form.values.messageStandard as keyof typeof EDI_MESSAGE_STANDARDS] ?? [];

  const submit = form.onSubmit((values) => {
    create.mutate(toRequest(values) as TCreateDeploymentRequestRequest, {
      onSuccess: (created) => {
        form.resetDirty();
        discardUnsavedChanges();
        showSuccess('ediConnect.form.created', { partner: created.partnerName });
        // After the frame has re-rendered without unsaved changes, or its guard would hold the way.
        setTimeout(() => void navigate(ediConnectLinks.requests()));
      },
      onError: (error) => {
        const fields = serverFieldErrors(error, t, MESSAGES);
        form.setErrors(
          Object.keys(fields).length > 0 ? fields : { notes: t('ediConnect.form.createFailed') },
        );
      },
    });
  });

  return (
    <Stack maw={880}>
      <Title order={1} style={{ overflowWrap: 'anywhere' }}>
        {t('titles.newDeploymentRequest')}
      </Title>
      <Text c="dimmed">{t('ediConnect.form.intro')}</Text>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Section title={t('ediConnect.form.partner')}>
            <TextInput
              label={t('ediConnect.fields.partnerName')}
              withAsterisk
              {...form.getInputProps('partnerName')}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select
                label={t('ediConnect.fields.partnerIdentifierType')}
                withAsterisk
                allowDeselect={false}
                data={PARTNER_IDENTIFIER_TYPES.map((value) => ({
                  value,
                  label: t(`ediConnect.identifierTypes.${value}`),
                }))}
                {...form.getInputProps('partnerIdentifierType')}
              />
              <TextInput
                label={t('ediConnect.fields.partnerIdentifier')}
                description={t(`ediConnect.identifierHints.${form.values.partnerIdentifierType}`)}
                withAsterisk
                {...form.getInputProps('partnerIdentifier')}
              />
            </SimpleGrid>
          </Section>

          <Section title={t('ediConnect.form.connection')}>
            <Stack gap={4}>
              <Text size="sm" fw={500} id="edi-connect-protocol-label">
                {t('ediConnect.fields.protocol')}
              </Text>
              <SegmentedControl
                aria-labelledby="edi-connect-protocol-label"
                data={EDI_PROTOCOLS.map((value) => ({ value, label: value }))}
                value={protocol}
                onChange={(value) => {
                  form.setFieldValue('connection.protocol', value as EdiProtocol);
                  form.setFieldValue('connection.port', DEFAULT_PORTS[value as EdiProtocol]);
                }}
                w="fit-content"
              />
            </Stack>
            {protocol === 'AS2' && (
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput
                  label={t('ediConnect.connection.as2Id')}
                  withAsterisk
                  {...form.getInputProps('connection.as2Id')}
                />
                <TextInput
                  label={t('ediConnect.connection.url')}
                  placeholder="https://"
                  withAsterisk
                  {...form.getInputProps('connection.url')}
                />
              </SimpleGrid>
            )}
            {protocol === 'OFTP2' && (
              <TextInput
                label={t('ediConnect.connection.odetteId')}
                withAsterisk
                {...form.getInputProps('connection.odetteId')}
              />
            )}
            {protocol !== 'AS2' && (
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <TextInput
                  label={t('ediConnect.connection.host')}
                  withAsterisk
                  {...form.getInputProps('connection.host')}
                />
                <NumberInput
                  label={t('ediConnect.connection.port')}
                  withAsterisk
                  min={1}
                  max={65535}
                  allowDecimal={false}
                  allowNegative={false}
                  {...form.getInputProps('connection.port')}
                />
                {protocol === 'SFTP' && (
                  <TextInput
                    label={t('ediConnect.connection.username')}
                    withAsterisk
                    {...form.getInputProps('connection.username')}
                  />
                )}
              </SimpleGrid>
            )}
          </Section>

          <Section title={t('ediConnect.form.messages')}>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <Select
                label={t('ediConnect.fields.messageStandard')}
                withAsterisk
                allowDeselect={false}
                data={EDI_MESSAGE_STANDARD_KEYS.map((value) => ({
                  value,
                  label: t(`ediConnect.standards.${value}`),
                }))}
                {...form.getInputProps('messageStandard')}
                onChange={(value) => {
                  form.setFieldValue('messageStandard', value ?? 'EDIFACT');
                  form.setFieldValue('messageTypes', []);
                }}
              />
              <Select
                label={t('ediConnect.fields.direction')}
                withAsterisk
                allowDeselect={false}
                data={DEPLOYMENT_DIRECTIONS.map((value) => ({
                  value,
                  label: t(`ediConnect.directions.${value}`),
                }))}
                {...form.getInputProps('direction')}
              />
              <Radio.Group
                label={t('ediConnect.fields.environment')}
                withAsterisk
                {...form.getInputProps('environment')}
              >
                <Group mt="xs">
                  {DEPLOYMENT_ENVIRONMENTS.map((value) => (
                    <Radio key={value} value={value} label={t(`ediConnect.environments.${value}`)} />
                  ))}
                </Group>
              </Radio.Group>
            </SimpleGrid>
            <Checkbox.Group
              label={t('ediConnect.fields.messageTypes')}
              withAsterisk
              {...form.getInputProps('messageTypes')}
            >
              <SimpleGrid cols={{ base: 2, sm: 4 }} mt="xs">
                {types.map((type) => (
                  <Checkbox
                    key={type}
                    value={type}
                    label={t(`ediConnect.messageTypes.${type}`, { defaultValue: type })}
                  />
                ))}
              </SimpleGrid>
            </Checkbox.Group>
          </Section>

          <Section title={t('ediConnect.form.contactAndDate')}>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TextInput
                label={t('ediConnect.fields.contactName')}
                withAsterisk
                {...form.getInputProps('contactName')}
              />
              <TextInput
                label={t('ediConnect.fields.contactEmail')}
                type="email"
                withAsterisk
                {...form.getInputProps('contactEmail')}
              />
              <TextInput
                label={t('ediConnect.fields.contactPhone')}
                type="tel"
                {...form.getInputProps('contactPhone')}
              />
            </SimpleGrid>
            <DatePickerInput
              label={t('ediConnect.fields.requestedGoLive')}
              withAsterisk
              valueFormat="YYYY-MM-DD"
              minDate={today()}
              ariaLabels={{
                previousMonth: t('ediConnect.calendar.previous'),
                nextMonth: t('ediConnect.calendar.next'),
                previousYear: t('ediConnect.calendar.previous'),
                nextYear: t('ediConnect.calendar.next'),
                previousDecade: t('ediConnect.calendar.previous'),
                nextDecade: t('ediConnect.calendar.next'),
              }}
              w={{ base: '100%', sm: 260 }}
              {...form.getInputProps('requestedGoLive')}
            />
            <Textarea
              label={t('ediConnect.fields.notes')}
              autosize
              minRows={3}
              {...form.getInputProps('notes')}
            />
          </Section>

          <Group>
            <Button type="submit" loading={create.isPending}>
              {t('ediConnect.form.submit')}
            </Button>
            <Button variant="default" onClick={() => void navigate(ediConnectLinks.requests())}>
              {t('common.cancel')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
