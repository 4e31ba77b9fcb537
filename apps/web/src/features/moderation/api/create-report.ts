import { type CreateReportBody, routes } from '@spotter/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export const createReport = (report: CreateReportBody['report']) => call(routes.createReport, { body: { report } });

export const useCreateReport = () => useMutation({ mutationFn: createReport });
