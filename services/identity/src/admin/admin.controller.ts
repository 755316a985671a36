import { Controller, ForbiddenException, Get, NotFoundException, Query } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { ADMIN_ROLE, AuthUser, CurrentUser, Roles } from '@portal/auth';
import type { AdminUserReply } from '@portal/contracts';
import { ErrorResponse } from '@portal/http';
import { MESSAGES } from '../common/messages';
import { UsersService } from '../users/users.service';
import { AdminUserQueryDto, AdminUserResponse } from './dto/admin-user.dto';

@ApiTags('admin')
@ApiBearerAuth()
@ApiUnauthorizedResponse({ type: ErrorResponse })
@ApiForbiddenResponse({ type: ErrorResponse, description: 'Not an admin' })
@Roles(ADMIN_ROLE)
@Controller('auth/admin')
export class AdminController {
  constructor(private readonly users: UsersService) {}

  @Get('users')
  @ApiOperation({ summary: 'Look up an account by e-mail (admins only)' })
  @ApiOkResponse({ type: AdminUserResponse })
  @ApiNotFoundResponse({ type: ErrorResponse })
  async findUser(@CurrentUser() auth: AuthUser, @Query() query: AdminUserQueryDto): Promise<AdminUserReply> {
    // The token said admin; the database must still say so (a demotion takes effect at once).
    const admin = await this.users.sessionUser(auth);
    if (admin.role !== ADMIN_ROLE) throw new ForbiddenException({ detail: MESSAGES.forbidden });

    const user = await this.users.findByEmail(query.email);
    if (!user) throw new NotFoundException({ detail: MESSAGES.noSuchAccount });
    return { id: user.id, email: user.email, role: user.role, user_type: user.userType, is_verified: user.isVerified };
  }
}
