import { Check, Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, Unique, UpdateDateColumn } from 'typeorm';

/** One entry of the header's Services dropdown. */
@Entity({ name: 'menu_items' })
@Unique('menu_items_slug_key', ['slug'])
@Check('menu_items_path_check', "path ~ '^/[a-z0-9/-]*$'")
export class MenuItem {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'menu_items_pkey' })
  id: string;

  /** Natural key of content migrations. */
  @Column({ type: 'text' })
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
