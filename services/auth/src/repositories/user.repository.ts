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
}
