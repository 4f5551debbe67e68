import { Injectable } from '@nestjs/common';
import { DataSource, type Repository } from 'typeorm';
import { User } from '../entities/user.entity.js';

@Injectable()
export class UserRepository {
  private readonly users: Repository<User>;

  constructor(dataSource: DataSource) {
    this.users = dataSource.getRepository(User);
  }

  getById(id: string): Promise<User | null> {
    return this.users.findOne({ where: { id } });
  }

  getByEmail(email: string): Promise<User | null> {
    return this.users.findOne({ where: { email } });
  }

  getByGoogleId(googleId: string): Promise<User | null> {
    return this.users.findOne({ where: { googleId } });
  }

  create(fields: { email: string; passwordHash: string | null; googleId?: string | null; verifiedAt?: Date | null }): Promise<User> {
    return this.users.save(this.users.create({ googleId: null, verifiedAt: null, ...fields }));
  }

  async setPassword(id: string, passwordHash: string): Promise<void> {
    await this.users.update({ id }, { passwordHash });
  }

  /** Marks the email verified; true only for the call that made the change. */
  async markVerified(id: string): Promise<boolean> {
    const result = await this.users.createQueryBuilder().update().set({ verifiedAt: () => 'now()' }).where('id = :id AND verified_at IS NULL', { id }).execute();
    return (result.affected ?? 0) > 0;
  }

  async linkGoogle(id: string, googleId: string): Promise<void> {
    await this.users.update({ id }, { googleId });
  }

  /** Links Google to an account nobody proved they own yet: whatever password it had is dropped. */
  async linkGoogleDroppingPassword(id: string, googleId: string): Promise<void> {
    await this.users.update({ id }, { googleId, passwordHash: null });
  }
}
