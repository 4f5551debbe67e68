import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { Table } from './table';

const rows = [
  { name: 'Tee', price: 25 },
  { name: 'Mug', price: 14 },
];

describe('the table primitive', () => {
  it('names its columns, gives a row per item with a cell per column, and says what it holds', () => {
    render(
      <Table
        caption="Products"
        rows={rows}
        rowKey={(row) => row.name}
        columns={[
          { header: 'Product', rowHeader: true, cell: (row) => row.name },
          { header: 'Price', cellClassName: (row) => (row.price > 20 ? 'dear' : 'cheap'), cell: (row) => `$${row.price}` },
        ]}
      />,
    );
    const table = screen.getByRole('table', { name: 'Products' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Product', 'Price']);
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Tee', 'Mug']);
    const prices = within(table).getAllByRole('cell');
    expect(prices.map((cell) => [cell.textContent, cell.className])).toEqual([
      ['$25', 'dear'],
      ['$14', 'cheap'],
    ]);
  });
});
