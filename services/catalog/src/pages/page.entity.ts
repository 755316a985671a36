import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, Unique, UpdateDateColumn } from 'typeorm';

/** A content page of the site; `home` is the home page. */
@Entity({ name: 'pages' })
@Unique('pages_name_key', ['name'])
export class Page {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'pages_pkey' })
  id: string;

  /** Natural key: `home`, `about`, `privacy-policy`, ... */
  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'text' })
  title: string;

  /** Plain text; paragraphs are separated by a blank line. */
  @Column({ type: 'text' })
  content: string;

  @Column({ type: 'integer' })
  position: number;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
