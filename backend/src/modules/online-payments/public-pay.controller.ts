import { Body, Controller, Get, Headers, HttpCode, Param, Post, Req } from '@nestjs/common';
import type { RawBodyRequest } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { PayLinkView, PaymentConfirmation, PaymentOrderResult } from '@vidyalaya/shared/online-payments';
import type { FastifyRequest } from 'fastify';
import { Public } from '../../common/auth/decorators';
import { ApiData } from '../../common/openapi';
import { ConfirmPaymentDto, CreatePaymentOrderDto, PayLinkOrderParamDto, PayLinkTokenParamDto, WebhookParamDto } from './online-payments.dto';
import { PayLinkViewResponse, PaymentConfirmationResponse, PaymentOrderResponse, WebhookReceivedResponse } from './online-payments.responses';
import { OnlinePaymentsService } from './online-payments.service';

/** A pay link's pages: one child's dues and the payment, without signing in (DECISIONS "Online fee payment"). */
@ApiTags('Online payments')
@Public()
@Controller('public/pay')
export class PublicPayController {
  constructor(private readonly payments: OnlinePaymentsService) {}

  @Get(':token')
  @ApiOperation({ summary: 'What a pay link opens: the child’s name and class, their dues and the gateway’s public key; 404 PAY_LINK_INVALID, 422 PAY_LINK_EXPIRED' })
  @ApiData(PayLinkViewResponse)
  view(@Param() p: PayLinkTokenParamDto): Promise<PayLinkView> {
    return this.payments.viewPayLink(p.token);
  }

  @Post(':token/orders')
  @ApiOperation({ summary: 'Open an online payment for the link’s child {instalmentIds}' })
  @ApiData(PaymentOrderResponse, 201)
  order(@Param() p: PayLinkTokenParamDto, @Body() dto: CreatePaymentOrderDto): Promise<PaymentOrderResult> {
    return this.payments.payLinkOrder(p.token, dto);
  }

  @Post(':token/orders/:orderId/confirm')
  @HttpCode(200)
  @ApiOperation({ summary: 'The browser’s return from Checkout for the link’s order {gatewayPaymentId, signature}' })
  @ApiData(PaymentConfirmationResponse)
  confirm(@Param() p: PayLinkOrderParamDto, @Body() dto: ConfirmPaymentDto): Promise<PaymentConfirmation> {
    return this.payments.payLinkConfirm(p.token, p.orderId, dto);
  }
}

/** The payment gateway's webhook: the signature is over the raw body (`rawBody` in app.factory.ts). */
@ApiTags('Online payments')
@Public()
@Controller('webhooks/razorpay')
export class RazorpayWebhookController {
  constructor(private readonly payments: OnlinePaymentsService) {}

  @Post(':schoolId')
  @HttpCode(200)
  @ApiOperation({ summary: 'Razorpay’s webhook for a school (X-Razorpay-Signature: HMAC-SHA256 of the raw body with the webhook secret); 400 for a bad signature' })
  @ApiData(WebhookReceivedResponse)
  receive(@Param() p: WebhookParamDto, @Req() req: RawBodyRequest<FastifyRequest>, @Headers('x-razorpay-signature') signature?: string): Promise<{ received: true }> {
    return this.payments.webhook(p.schoolId, req.rawBody, signature);
  }
}
