import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** A category of services (Books, Company, ...) and the attribute names its pages show, in order. */
@Entity({ name: 'service_categories' })
export class ServiceCategory {
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'service_categories_pkey' })
  name: string;

  @Column({ type: 'text' })
  title: string;

  @Column({ type: 'integer' })
  position: number;

  @Column({ type: 'text', array: true, default: () => "'{}'" })
  attributeNames: string[];

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
