import { Injectable } from '@nestjs/common';
import type { ProductTemplate } from '@printloom/contracts';
import { DataSource } from 'typeorm';

interface TemplateRow {
  id: string;
  user_id: string;
  name: string;
  product: string;
  blueprint_id: number;
  print_provider_ids: number[];
  variants: ProductTemplate['variants'];
  dark_colours: string[];
}

const toTemplate = (row: TemplateRow): ProductTemplate => ({
  id: row.id,
  name: row.name,
  product: row.product,
  builtIn: false,
  blueprintId: row.blueprint_id,
  printProviderIds: row.print_provider_ids,
  variants: row.variants,
  darkColours: row.dark_colours,
  placement: { position: 'front', x: 0.5, y: 0.5, fit: 'contain' },
});

@Injectable()
export class TemplateRepository {
  constructor(private readonly dataSource: DataSource) {}

  async allOf(userId: string): Promise<ProductTemplate[]> {
    const rows: TemplateRow[] = await this.dataSource.query(
      `SELECT * FROM publishing.templates WHERE user_id = $1 ORDER BY created_at, id`,
      [userId],
    );
    return rows.map(toTemplate);
  }

  async findOwned(userId: string, id: string): Promise<ProductTemplate | null> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
    const [row]: TemplateRow[] = await this.dataSource.query(`SELECT * FROM publishing.templates WHERE id = $1 AND user_id = $2`, [
      id,
      userId,
    ]);
    return row ? toTemplate(row) : null;
  }

  async insert(userId: string, id: string, template: Omit<ProductTemplate, 'id' | 'builtIn' | 'placement'>): Promise<ProductTemplate> {
    const [row]: TemplateRow[] = await this.dataSource.query(
      `INSERT INTO publishing.templates (id, user_id, name, product, blueprint_id, print_provider_ids, variants, dark_colours)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING *`,
      [
        id,
        userId,
        template.name,
        template.product,
        template.blueprintId,
        template.printProviderIds,
        JSON.stringify(template.variants),
        template.darkColours,
      ],
    );
    return toTemplate(row!);
  }

  async countOf(userId: string): Promise<number> {
    const [{ count }]: [{ count: number }] = await this.dataSource.query(
      `SELECT count(*)::int AS count FROM publishing.templates WHERE user_id = $1`,
      [userId],
    );
    return count;
  }

  async deleteFor(userId: string): Promise<number> {
    const [, count]: [unknown, number] = await this.dataSource.query(`DELETE FROM publishing.templates WHERE user_id = $1`, [userId]);
    return count;
  }
}
