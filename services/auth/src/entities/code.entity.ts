import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { CodePurpose } from '../domain/accounts.js';

/** A one-time 6-digit code; only its keyed hash is stored. One live code per user and purpose. */
@Entity({ name: 'codes' })
export class OneTimeCode {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ type: 'text' })
  purpose!: CodePurpose;

  @Column({ name: 'code_hash', type: 'text' })
  codeHash!: string;

  @Column({ type: 'integer' })
  attempts!: number;

  /** verify-email only: the password of the sign-up that mailed this code, set when the code is entered. */
  @Column({ name: 'pending_password_hash', type: 'text', nullable: true })
  pendingPasswordHash!: string | null;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
