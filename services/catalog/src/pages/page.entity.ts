import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A content page of the site; `home` is the home page. */
@Entity({ name: 'pages' })
export class Page {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'pages_pkey' })
  id: string;

  /** Natural key: `home`, `about`, `privacy-policy`, ... */
  @Column({ type: 'text', unique: true })
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
