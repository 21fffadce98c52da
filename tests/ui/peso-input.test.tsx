// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PesoInput } from '../../client/features/repairs/RepairParts';

describe('an amount of money in a form', () => {
  it('shows pesos with two decimals, as everywhere else', () => {
    render(
      <MantineProvider>
        <PesoInput label="Actual Cost (₱)" value={250.5} onChange={() => {}} />
      </MantineProvider>,
    );
    expect(screen.getByLabelText('Actual Cost (₱)')).toHaveProperty('value', '₱250.50');
  });
});
