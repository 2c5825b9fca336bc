import type { PublicStatus, SetupPayload, SetupStatus } from '../../../common/api/status.ts';
import { http } from './client.ts';

export const getStatus = () => http.get<PublicStatus>('/api/status');
export const getSetup = () => http.get<SetupStatus>('/api/setup');
export const postSetup = (payload: SetupPayload) => http.post<unknown>('/api/setup', payload);
export const getNotice = () => http.get<string>('/api/notice');
export const getAbout = () => http.get<string>('/api/about');
export const getHomePageContent = () => http.get<string>('/api/home_page_content');
