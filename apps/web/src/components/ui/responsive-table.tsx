import { Box, Card, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './responsive-table.module.css';

export type ResponsiveTableColumn<Row> = { key: string; header: string; cell: (row: Row) => ReactNode };

export type ResponsiveTableProps<Row> = {
  columns: readonly ResponsiveTableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
};

/**
 * A table on wide windows; on phones each row becomes a small card of "header: value" lines, so
 * no column is cut off at the screen's edge (long Finnish headers, say). Whatever still does not
 * fit on a wide window scrolls sideways inside the table's own box.
 */
export function ResponsiveTable<Row>({ columns, rows, rowKey }: ResponsiveTableProps<Row>) {
  return (
    <>
      <Box visibleFrom="xs" style={{ overflowX: 'auto' }}>
        <table className={classes.table}>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.key} scope="col">
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((column) => (
                  <td key={column.key}>{column.cell(row)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </Box>
      <Stack hiddenFrom="xs" gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {rows.map((row) => (
          <Card key={rowKey(row)} component="li" withBorder padding="sm">
            <Box component="dl" m={0}>
              {columns.map((column) => (
                <Box key={column.key} mb={4}>
                  <Text component="dt" size="xs" c="dimmed">
                    {column.header}
                  </Text>
                  <Text component="dd" size="sm" m={0}>
                    {column.cell(row)}
                  </Text>
                </Box>
              ))}
            </Box>
          </Card>
        ))}
      </Stack>
    </>
  );
}
