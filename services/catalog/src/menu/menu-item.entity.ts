import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** One entry of the header's Services dropdown. */
@Entity({ name: 'menu_items' })
export class MenuItem {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'menu_items_pkey' })
  id: string;

  /** Natural key of content migrations. */
  @Column({ type: 'text', unique: true })
  slug: string;

  @Column({ type: 'text' })
  path: string;

  @Column({ type: 'text' })
  title: string;

  @Column({ type: 'text' })
  description: string;

  /** An inline SVG drawn for the product (trusted content, never user input). */
  @Column({ type: 'text' })
  icon: string;

  @Column({ type: 'integer' })
  position: number;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
