"""Contains all the data models used in inputs/outputs"""

from .agency_card import AgencyCard
from .agency_card_played import AgencyCardPlayed
from .agency_card_played_type import AgencyCardPlayedType
from .agency_check_result import AgencyCheckResult
from .agency_completed_trick import AgencyCompletedTrick
from .agency_deal_record import AgencyDealRecord
from .agency_deck_deal import AgencyDeckDeal
from .agency_end import AgencyEnd
from .agency_hand_over import AgencyHandOver
from .agency_hand_over_type import AgencyHandOverType
from .agency_hand_transcript import AgencyHandTranscript
from .agency_hands_deal import AgencyHandsDeal
from .agency_holder_view import AgencyHolderView
from .agency_legal_moves import AgencyLegalMoves
from .agency_match import AgencyMatch
from .agency_match_over import AgencyMatchOver
from .agency_match_over_type import AgencyMatchOverType
from .agency_match_unit import AgencyMatchUnit
from .agency_move import AgencyMove
from .agency_move_value import AgencyMoveValue
from .agency_next_deck_deal import AgencyNextDeckDeal
from .agency_next_hands_deal import AgencyNextHandsDeal
from .agency_next_random_deal import AgencyNextRandomDeal
from .agency_next_seed_deal import AgencyNextSeedDeal
from .agency_open_play_request import AgencyOpenPlayRequest
from .agency_open_state_request import AgencyOpenStateRequest
from .agency_open_suggest_request import AgencyOpenSuggestRequest
from .agency_open_view_request import AgencyOpenViewRequest
from .agency_options import AgencyOptions
from .agency_play import AgencyPlay
from .agency_play_response import AgencyPlayResponse
from .agency_play_review import AgencyPlayReview
from .agency_problem import AgencyProblem
from .agency_public_state import AgencyPublicState
from .agency_public_state_game import AgencyPublicStateGame
from .agency_random_deal import AgencyRandomDeal
from .agency_reach import AgencyReach
from .agency_record_replay import AgencyRecordReplay
from .agency_record_response import AgencyRecordResponse
from .agency_records_replay import AgencyRecordsReplay
from .agency_replay_request import AgencyReplayRequest
from .agency_replay_result import AgencyReplayResult
from .agency_reseat_request import AgencyReseatRequest
from .agency_reseated import AgencyReseated
from .agency_review import AgencyReview
from .agency_score import AgencyScore
from .agency_sealed_play_request import AgencySealedPlayRequest
from .agency_sealed_state_request import AgencySealedStateRequest
from .agency_sealed_suggest_request import AgencySealedSuggestRequest
from .agency_sealed_view_request import AgencySealedViewRequest
from .agency_seat_view import AgencySeatView
from .agency_seat_view_game import AgencySeatViewGame
from .agency_seed_deal import AgencySeedDeal
from .agency_solution import AgencySolution
from .agency_spectator_view import AgencySpectatorView
from .agency_spectator_view_game import AgencySpectatorViewGame
from .agency_state import AgencyState
from .agency_state_game import AgencyStateGame
from .agency_state_response import AgencyStateResponse
from .agency_suggestion import AgencySuggestion
from .agency_transcript_deck_deal import AgencyTranscriptDeckDeal
from .agency_transcript_hands_deal import AgencyTranscriptHandsDeal
from .agency_transcript_random_deal import AgencyTranscriptRandomDeal
from .agency_transcript_seed_deal import AgencyTranscriptSeedDeal
from .agency_trick import AgencyTrick
from .agency_trick_discarded import AgencyTrickDiscarded
from .agency_trick_discarded_type import AgencyTrickDiscardedType
from .agency_trick_play import AgencyTrickPlay
from .agency_trick_request import AgencyTrickRequest
from .agency_trick_winner import AgencyTrickWinner
from .agency_trick_won import AgencyTrickWon
from .agency_trick_won_type import AgencyTrickWonType
from .agram_card import AgramCard
from .agram_card_played import AgramCardPlayed
from .agram_card_played_type import AgramCardPlayedType
from .agram_check_result import AgramCheckResult
from .agram_completed_trick import AgramCompletedTrick
from .agram_deal_record import AgramDealRecord
from .agram_deck_deal import AgramDeckDeal
from .agram_hand_over import AgramHandOver
from .agram_hand_over_type import AgramHandOverType
from .agram_hand_transcript import AgramHandTranscript
from .agram_hands_deal import AgramHandsDeal
from .agram_legal_moves import AgramLegalMoves
from .agram_mali_card import AgramMaliCard
from .agram_mali_card_played import AgramMaliCardPlayed
from .agram_mali_card_played_type import AgramMaliCardPlayedType
from .agram_mali_check_result import AgramMaliCheckResult
from .agram_mali_completed_trick import AgramMaliCompletedTrick
from .agram_mali_deal_record import AgramMaliDealRecord
from .agram_mali_deck_deal import AgramMaliDeckDeal
from .agram_mali_hand_over import AgramMaliHandOver
from .agram_mali_hand_over_type import AgramMaliHandOverType
from .agram_mali_hand_transcript import AgramMaliHandTranscript
from .agram_mali_hands_deal import AgramMaliHandsDeal
from .agram_mali_legal_moves import AgramMaliLegalMoves
from .agram_mali_match import AgramMaliMatch
from .agram_mali_match_over import AgramMaliMatchOver
from .agram_mali_match_over_type import AgramMaliMatchOverType
from .agram_mali_match_unit import AgramMaliMatchUnit
from .agram_mali_move import AgramMaliMove
from .agram_mali_move_value import AgramMaliMoveValue
from .agram_mali_next_deck_deal import AgramMaliNextDeckDeal
from .agram_mali_next_hands_deal import AgramMaliNextHandsDeal
from .agram_mali_next_random_deal import AgramMaliNextRandomDeal
from .agram_mali_next_seed_deal import AgramMaliNextSeedDeal
from .agram_mali_open_play_request import AgramMaliOpenPlayRequest
from .agram_mali_open_state_request import AgramMaliOpenStateRequest
from .agram_mali_open_suggest_request import AgramMaliOpenSuggestRequest
from .agram_mali_open_view_request import AgramMaliOpenViewRequest
from .agram_mali_options import AgramMaliOptions
from .agram_mali_play import AgramMaliPlay
from .agram_mali_play_response import AgramMaliPlayResponse
from .agram_mali_play_review import AgramMaliPlayReview
from .agram_mali_problem import AgramMaliProblem
from .agram_mali_public_state import AgramMaliPublicState
from .agram_mali_public_state_game import AgramMaliPublicStateGame
from .agram_mali_random_deal import AgramMaliRandomDeal
from .agram_mali_record_replay import AgramMaliRecordReplay
from .agram_mali_record_response import AgramMaliRecordResponse
from .agram_mali_records_replay import AgramMaliRecordsReplay
from .agram_mali_replay_request import AgramMaliReplayRequest
from .agram_mali_replay_result import AgramMaliReplayResult
from .agram_mali_reseat_request import AgramMaliReseatRequest
from .agram_mali_reseated import AgramMaliReseated
from .agram_mali_review import AgramMaliReview
from .agram_mali_score import AgramMaliScore
from .agram_mali_sealed_play_request import AgramMaliSealedPlayRequest
from .agram_mali_sealed_state_request import AgramMaliSealedStateRequest
from .agram_mali_sealed_suggest_request import AgramMaliSealedSuggestRequest
from .agram_mali_sealed_view_request import AgramMaliSealedViewRequest
from .agram_mali_seat_view import AgramMaliSeatView
from .agram_mali_seat_view_game import AgramMaliSeatViewGame
from .agram_mali_seed_deal import AgramMaliSeedDeal
from .agram_mali_solution import AgramMaliSolution
from .agram_mali_spectator_view import AgramMaliSpectatorView
from .agram_mali_spectator_view_game import AgramMaliSpectatorViewGame
from .agram_mali_state import AgramMaliState
from .agram_mali_state_game import AgramMaliStateGame
from .agram_mali_state_response import AgramMaliStateResponse
from .agram_mali_suggestion import AgramMaliSuggestion
from .agram_mali_transcript_deck_deal import AgramMaliTranscriptDeckDeal
from .agram_mali_transcript_hands_deal import AgramMaliTranscriptHandsDeal
from .agram_mali_transcript_random_deal import AgramMaliTranscriptRandomDeal
from .agram_mali_transcript_seed_deal import AgramMaliTranscriptSeedDeal
from .agram_mali_trick import AgramMaliTrick
from .agram_mali_trick_play import AgramMaliTrickPlay
from .agram_mali_trick_request import AgramMaliTrickRequest
from .agram_mali_trick_winner import AgramMaliTrickWinner
from .agram_mali_trick_won import AgramMaliTrickWon
from .agram_mali_trick_won_type import AgramMaliTrickWonType
from .agram_match import AgramMatch
from .agram_match_over import AgramMatchOver
from .agram_match_over_type import AgramMatchOverType
from .agram_match_unit import AgramMatchUnit
from .agram_move import AgramMove
from .agram_move_value import AgramMoveValue
from .agram_next_deck_deal import AgramNextDeckDeal
from .agram_next_hands_deal import AgramNextHandsDeal
from .agram_next_random_deal import AgramNextRandomDeal
from .agram_next_seed_deal import AgramNextSeedDeal
from .agram_open_play_request import AgramOpenPlayRequest
from .agram_open_state_request import AgramOpenStateRequest
from .agram_open_suggest_request import AgramOpenSuggestRequest
from .agram_open_view_request import AgramOpenViewRequest
from .agram_options import AgramOptions
from .agram_play import AgramPlay
from .agram_play_response import AgramPlayResponse
from .agram_play_review import AgramPlayReview
from .agram_problem import AgramProblem
from .agram_public_state import AgramPublicState
from .agram_public_state_game import AgramPublicStateGame
from .agram_random_deal import AgramRandomDeal
from .agram_record_replay import AgramRecordReplay
from .agram_record_response import AgramRecordResponse
from .agram_records_replay import AgramRecordsReplay
from .agram_replay_request import AgramReplayRequest
from .agram_replay_result import AgramReplayResult
from .agram_reseat_request import AgramReseatRequest
from .agram_reseated import AgramReseated
from .agram_review import AgramReview
from .agram_score import AgramScore
from .agram_sealed_play_request import AgramSealedPlayRequest
from .agram_sealed_state_request import AgramSealedStateRequest
from .agram_sealed_suggest_request import AgramSealedSuggestRequest
from .agram_sealed_view_request import AgramSealedViewRequest
from .agram_seat_view import AgramSeatView
from .agram_seat_view_game import AgramSeatViewGame
from .agram_seed_deal import AgramSeedDeal
from .agram_solution import AgramSolution
from .agram_spectator_view import AgramSpectatorView
from .agram_spectator_view_game import AgramSpectatorViewGame
from .agram_state import AgramState
from .agram_state_game import AgramStateGame
from .agram_state_response import AgramStateResponse
from .agram_suggestion import AgramSuggestion
from .agram_transcript_deck_deal import AgramTranscriptDeckDeal
from .agram_transcript_hands_deal import AgramTranscriptHandsDeal
from .agram_transcript_random_deal import AgramTranscriptRandomDeal
from .agram_transcript_seed_deal import AgramTranscriptSeedDeal
from .agram_trick import AgramTrick
from .agram_trick_play import AgramTrickPlay
from .agram_trick_request import AgramTrickRequest
from .agram_trick_winner import AgramTrickWinner
from .agram_trick_won import AgramTrickWon
from .agram_trick_won_type import AgramTrickWonType
from .bot_level import BotLevel
from .clock import Clock
from .deal_clock import DealClock
from .fapfap_card import FapfapCard
from .fapfap_card_played import FapfapCardPlayed
from .fapfap_card_played_type import FapfapCardPlayedType
from .fapfap_check_result import FapfapCheckResult
from .fapfap_completed_trick import FapfapCompletedTrick
from .fapfap_deal_record import FapfapDealRecord
from .fapfap_deck_deal import FapfapDeckDeal
from .fapfap_hand_over import FapfapHandOver
from .fapfap_hand_over_type import FapfapHandOverType
from .fapfap_hand_transcript import FapfapHandTranscript
from .fapfap_hands_deal import FapfapHandsDeal
from .fapfap_legal_moves import FapfapLegalMoves
from .fapfap_match import FapfapMatch
from .fapfap_match_over import FapfapMatchOver
from .fapfap_match_over_type import FapfapMatchOverType
from .fapfap_match_unit import FapfapMatchUnit
from .fapfap_move import FapfapMove
from .fapfap_move_value import FapfapMoveValue
from .fapfap_next_deck_deal import FapfapNextDeckDeal
from .fapfap_next_hands_deal import FapfapNextHandsDeal
from .fapfap_next_random_deal import FapfapNextRandomDeal
from .fapfap_next_seed_deal import FapfapNextSeedDeal
from .fapfap_open_play_request import FapfapOpenPlayRequest
from .fapfap_open_state_request import FapfapOpenStateRequest
from .fapfap_open_suggest_request import FapfapOpenSuggestRequest
from .fapfap_open_view_request import FapfapOpenViewRequest
from .fapfap_options import FapfapOptions
from .fapfap_play import FapfapPlay
from .fapfap_play_response import FapfapPlayResponse
from .fapfap_play_review import FapfapPlayReview
from .fapfap_problem import FapfapProblem
from .fapfap_public_state import FapfapPublicState
from .fapfap_public_state_game import FapfapPublicStateGame
from .fapfap_random_deal import FapfapRandomDeal
from .fapfap_record_replay import FapfapRecordReplay
from .fapfap_record_response import FapfapRecordResponse
from .fapfap_records_replay import FapfapRecordsReplay
from .fapfap_replay_request import FapfapReplayRequest
from .fapfap_replay_result import FapfapReplayResult
from .fapfap_reseat_request import FapfapReseatRequest
from .fapfap_reseated import FapfapReseated
from .fapfap_review import FapfapReview
from .fapfap_score import FapfapScore
from .fapfap_sealed_play_request import FapfapSealedPlayRequest
from .fapfap_sealed_state_request import FapfapSealedStateRequest
from .fapfap_sealed_suggest_request import FapfapSealedSuggestRequest
from .fapfap_sealed_view_request import FapfapSealedViewRequest
from .fapfap_seat_view import FapfapSeatView
from .fapfap_seat_view_game import FapfapSeatViewGame
from .fapfap_seed_deal import FapfapSeedDeal
from .fapfap_solution import FapfapSolution
from .fapfap_spectator_view import FapfapSpectatorView
from .fapfap_spectator_view_game import FapfapSpectatorViewGame
from .fapfap_state import FapfapState
from .fapfap_state_game import FapfapStateGame
from .fapfap_state_response import FapfapStateResponse
from .fapfap_suggestion import FapfapSuggestion
from .fapfap_transcript_deck_deal import FapfapTranscriptDeckDeal
from .fapfap_transcript_hands_deal import FapfapTranscriptHandsDeal
from .fapfap_transcript_random_deal import FapfapTranscriptRandomDeal
from .fapfap_transcript_seed_deal import FapfapTranscriptSeedDeal
from .fapfap_trick import FapfapTrick
from .fapfap_trick_play import FapfapTrickPlay
from .fapfap_trick_request import FapfapTrickRequest
from .fapfap_trick_winner import FapfapTrickWinner
from .fapfap_trick_won import FapfapTrickWon
from .fapfap_trick_won_type import FapfapTrickWonType
from .field_errors import FieldErrors
from .game import Game
from .game_family import GameFamily
from .game_list import GameList
from .get_game_game import GetGameGame
from .health import Health
from .option import Option
from .players import Players
from .problem import Problem
from .problem_type import ProblemType
from .problem_types import ProblemTypes
from .readiness import Readiness
from .sealed_deal import SealedDeal
from .sealed_deal_source import SealedDealSource
from .seat_credential import SeatCredential
from .seat_reseated import SeatReseated
from .seat_reseated_type import SeatReseatedType
from .sink_sink_card import SinkSinkCard
from .sink_sink_card_played import SinkSinkCardPlayed
from .sink_sink_card_played_type import SinkSinkCardPlayedType
from .sink_sink_check_result import SinkSinkCheckResult
from .sink_sink_completed_trick import SinkSinkCompletedTrick
from .sink_sink_deal_record import SinkSinkDealRecord
from .sink_sink_deck_deal import SinkSinkDeckDeal
from .sink_sink_hand_over import SinkSinkHandOver
from .sink_sink_hand_over_type import SinkSinkHandOverType
from .sink_sink_hand_transcript import SinkSinkHandTranscript
from .sink_sink_hands_deal import SinkSinkHandsDeal
from .sink_sink_legal_moves import SinkSinkLegalMoves
from .sink_sink_match import SinkSinkMatch
from .sink_sink_match_over import SinkSinkMatchOver
from .sink_sink_match_over_type import SinkSinkMatchOverType
from .sink_sink_match_unit import SinkSinkMatchUnit
from .sink_sink_move import SinkSinkMove
from .sink_sink_move_value import SinkSinkMoveValue
from .sink_sink_next_deck_deal import SinkSinkNextDeckDeal
from .sink_sink_next_hands_deal import SinkSinkNextHandsDeal
from .sink_sink_next_random_deal import SinkSinkNextRandomDeal
from .sink_sink_next_seed_deal import SinkSinkNextSeedDeal
from .sink_sink_open_play_request import SinkSinkOpenPlayRequest
from .sink_sink_open_state_request import SinkSinkOpenStateRequest
from .sink_sink_open_suggest_request import SinkSinkOpenSuggestRequest
from .sink_sink_open_view_request import SinkSinkOpenViewRequest
from .sink_sink_options import SinkSinkOptions
from .sink_sink_play import SinkSinkPlay
from .sink_sink_play_response import SinkSinkPlayResponse
from .sink_sink_play_review import SinkSinkPlayReview
from .sink_sink_problem import SinkSinkProblem
from .sink_sink_public_state import SinkSinkPublicState
from .sink_sink_public_state_game import SinkSinkPublicStateGame
from .sink_sink_random_deal import SinkSinkRandomDeal
from .sink_sink_record_replay import SinkSinkRecordReplay
from .sink_sink_record_response import SinkSinkRecordResponse
from .sink_sink_records_replay import SinkSinkRecordsReplay
from .sink_sink_replay_request import SinkSinkReplayRequest
from .sink_sink_replay_result import SinkSinkReplayResult
from .sink_sink_reseat_request import SinkSinkReseatRequest
from .sink_sink_reseated import SinkSinkReseated
from .sink_sink_review import SinkSinkReview
from .sink_sink_score import SinkSinkScore
from .sink_sink_sealed_play_request import SinkSinkSealedPlayRequest
from .sink_sink_sealed_state_request import SinkSinkSealedStateRequest
from .sink_sink_sealed_suggest_request import SinkSinkSealedSuggestRequest
from .sink_sink_sealed_view_request import SinkSinkSealedViewRequest
from .sink_sink_seat_view import SinkSinkSeatView
from .sink_sink_seat_view_game import SinkSinkSeatViewGame
from .sink_sink_seed_deal import SinkSinkSeedDeal
from .sink_sink_solution import SinkSinkSolution
from .sink_sink_spectator_view import SinkSinkSpectatorView
from .sink_sink_spectator_view_game import SinkSinkSpectatorViewGame
from .sink_sink_state import SinkSinkState
from .sink_sink_state_game import SinkSinkStateGame
from .sink_sink_state_response import SinkSinkStateResponse
from .sink_sink_suggestion import SinkSinkSuggestion
from .sink_sink_transcript_deck_deal import SinkSinkTranscriptDeckDeal
from .sink_sink_transcript_hands_deal import SinkSinkTranscriptHandsDeal
from .sink_sink_transcript_random_deal import SinkSinkTranscriptRandomDeal
from .sink_sink_transcript_seed_deal import SinkSinkTranscriptSeedDeal
from .sink_sink_trick import SinkSinkTrick
from .sink_sink_trick_play import SinkSinkTrickPlay
from .sink_sink_trick_request import SinkSinkTrickRequest
from .sink_sink_trick_winner import SinkSinkTrickWinner
from .sink_sink_trick_won import SinkSinkTrickWon
from .sink_sink_trick_won_type import SinkSinkTrickWonType
from .spar_card import SparCard
from .spar_card_played import SparCardPlayed
from .spar_card_played_type import SparCardPlayedType
from .spar_check_result import SparCheckResult
from .spar_completed_trick import SparCompletedTrick
from .spar_deal_record import SparDealRecord
from .spar_deck_deal import SparDeckDeal
from .spar_hand_over import SparHandOver
from .spar_hand_over_type import SparHandOverType
from .spar_hand_transcript import SparHandTranscript
from .spar_hands_deal import SparHandsDeal
from .spar_legal_moves import SparLegalMoves
from .spar_match import SparMatch
from .spar_match_over import SparMatchOver
from .spar_match_over_type import SparMatchOverType
from .spar_match_unit import SparMatchUnit
from .spar_move import SparMove
from .spar_move_value import SparMoveValue
from .spar_next_deck_deal import SparNextDeckDeal
from .spar_next_hands_deal import SparNextHandsDeal
from .spar_next_random_deal import SparNextRandomDeal
from .spar_next_seed_deal import SparNextSeedDeal
from .spar_open_play_request import SparOpenPlayRequest
from .spar_open_state_request import SparOpenStateRequest
from .spar_open_suggest_request import SparOpenSuggestRequest
from .spar_open_view_request import SparOpenViewRequest
from .spar_options import SparOptions
from .spar_play import SparPlay
from .spar_play_response import SparPlayResponse
from .spar_play_review import SparPlayReview
from .spar_problem import SparProblem
from .spar_public_state import SparPublicState
from .spar_public_state_game import SparPublicStateGame
from .spar_random_deal import SparRandomDeal
from .spar_record_replay import SparRecordReplay
from .spar_record_response import SparRecordResponse
from .spar_records_replay import SparRecordsReplay
from .spar_replay_request import SparReplayRequest
from .spar_replay_result import SparReplayResult
from .spar_reseat_request import SparReseatRequest
from .spar_reseated import SparReseated
from .spar_review import SparReview
from .spar_score import SparScore
from .spar_sealed_play_request import SparSealedPlayRequest
from .spar_sealed_state_request import SparSealedStateRequest
from .spar_sealed_suggest_request import SparSealedSuggestRequest
from .spar_sealed_view_request import SparSealedViewRequest
from .spar_seat_view import SparSeatView
from .spar_seat_view_game import SparSeatViewGame
from .spar_seed_deal import SparSeedDeal
from .spar_solution import SparSolution
from .spar_spectator_view import SparSpectatorView
from .spar_spectator_view_game import SparSpectatorViewGame
from .spar_state import SparState
from .spar_state_game import SparStateGame
from .spar_state_response import SparStateResponse
from .spar_suggestion import SparSuggestion
from .spar_transcript_deck_deal import SparTranscriptDeckDeal
from .spar_transcript_hands_deal import SparTranscriptHandsDeal
from .spar_transcript_random_deal import SparTranscriptRandomDeal
from .spar_transcript_seed_deal import SparTranscriptSeedDeal
from .spar_trick import SparTrick
from .spar_trick_play import SparTrickPlay
from .spar_trick_request import SparTrickRequest
from .spar_trick_winner import SparTrickWinner
from .spar_trick_won import SparTrickWon
from .spar_trick_won_type import SparTrickWonType
from .supported_versions import SupportedVersions

__all__ = (
    "AgencyCard",
    "AgencyCardPlayed",
    "AgencyCardPlayedType",
    "AgencyCheckResult",
    "AgencyCompletedTrick",
    "AgencyDealRecord",
    "AgencyDeckDeal",
    "AgencyEnd",
    "AgencyHandOver",
    "AgencyHandOverType",
    "AgencyHandsDeal",
    "AgencyHandTranscript",
    "AgencyHolderView",
    "AgencyLegalMoves",
    "AgencyMatch",
    "AgencyMatchOver",
    "AgencyMatchOverType",
    "AgencyMatchUnit",
    "AgencyMove",
    "AgencyMoveValue",
    "AgencyNextDeckDeal",
    "AgencyNextHandsDeal",
    "AgencyNextRandomDeal",
    "AgencyNextSeedDeal",
    "AgencyOpenPlayRequest",
    "AgencyOpenStateRequest",
    "AgencyOpenSuggestRequest",
    "AgencyOpenViewRequest",
    "AgencyOptions",
    "AgencyPlay",
    "AgencyPlayResponse",
    "AgencyPlayReview",
    "AgencyProblem",
    "AgencyPublicState",
    "AgencyPublicStateGame",
    "AgencyRandomDeal",
    "AgencyReach",
    "AgencyRecordReplay",
    "AgencyRecordResponse",
    "AgencyRecordsReplay",
    "AgencyReplayRequest",
    "AgencyReplayResult",
    "AgencyReseated",
    "AgencyReseatRequest",
    "AgencyReview",
    "AgencyScore",
    "AgencySealedPlayRequest",
    "AgencySealedStateRequest",
    "AgencySealedSuggestRequest",
    "AgencySealedViewRequest",
    "AgencySeatView",
    "AgencySeatViewGame",
    "AgencySeedDeal",
    "AgencySolution",
    "AgencySpectatorView",
    "AgencySpectatorViewGame",
    "AgencyState",
    "AgencyStateGame",
    "AgencyStateResponse",
    "AgencySuggestion",
    "AgencyTranscriptDeckDeal",
    "AgencyTranscriptHandsDeal",
    "AgencyTranscriptRandomDeal",
    "AgencyTranscriptSeedDeal",
    "AgencyTrick",
    "AgencyTrickDiscarded",
    "AgencyTrickDiscardedType",
    "AgencyTrickPlay",
    "AgencyTrickRequest",
    "AgencyTrickWinner",
    "AgencyTrickWon",
    "AgencyTrickWonType",
    "AgramCard",
    "AgramCardPlayed",
    "AgramCardPlayedType",
    "AgramCheckResult",
    "AgramCompletedTrick",
    "AgramDealRecord",
    "AgramDeckDeal",
    "AgramHandOver",
    "AgramHandOverType",
    "AgramHandsDeal",
    "AgramHandTranscript",
    "AgramLegalMoves",
    "AgramMaliCard",
    "AgramMaliCardPlayed",
    "AgramMaliCardPlayedType",
    "AgramMaliCheckResult",
    "AgramMaliCompletedTrick",
    "AgramMaliDealRecord",
    "AgramMaliDeckDeal",
    "AgramMaliHandOver",
    "AgramMaliHandOverType",
    "AgramMaliHandsDeal",
    "AgramMaliHandTranscript",
    "AgramMaliLegalMoves",
    "AgramMaliMatch",
    "AgramMaliMatchOver",
    "AgramMaliMatchOverType",
    "AgramMaliMatchUnit",
    "AgramMaliMove",
    "AgramMaliMoveValue",
    "AgramMaliNextDeckDeal",
    "AgramMaliNextHandsDeal",
    "AgramMaliNextRandomDeal",
    "AgramMaliNextSeedDeal",
    "AgramMaliOpenPlayRequest",
    "AgramMaliOpenStateRequest",
    "AgramMaliOpenSuggestRequest",
    "AgramMaliOpenViewRequest",
    "AgramMaliOptions",
    "AgramMaliPlay",
    "AgramMaliPlayResponse",
    "AgramMaliPlayReview",
    "AgramMaliProblem",
    "AgramMaliPublicState",
    "AgramMaliPublicStateGame",
    "AgramMaliRandomDeal",
    "AgramMaliRecordReplay",
    "AgramMaliRecordResponse",
    "AgramMaliRecordsReplay",
    "AgramMaliReplayRequest",
    "AgramMaliReplayResult",
    "AgramMaliReseated",
    "AgramMaliReseatRequest",
    "AgramMaliReview",
    "AgramMaliScore",
    "AgramMaliSealedPlayRequest",
    "AgramMaliSealedStateRequest",
    "AgramMaliSealedSuggestRequest",
    "AgramMaliSealedViewRequest",
    "AgramMaliSeatView",
    "AgramMaliSeatViewGame",
    "AgramMaliSeedDeal",
    "AgramMaliSolution",
    "AgramMaliSpectatorView",
    "AgramMaliSpectatorViewGame",
    "AgramMaliState",
    "AgramMaliStateGame",
    "AgramMaliStateResponse",
    "AgramMaliSuggestion",
    "AgramMaliTranscriptDeckDeal",
    "AgramMaliTranscriptHandsDeal",
    "AgramMaliTranscriptRandomDeal",
    "AgramMaliTranscriptSeedDeal",
    "AgramMaliTrick",
    "AgramMaliTrickPlay",
    "AgramMaliTrickRequest",
    "AgramMaliTrickWinner",
    "AgramMaliTrickWon",
    "AgramMaliTrickWonType",
    "AgramMatch",
    "AgramMatchOver",
    "AgramMatchOverType",
    "AgramMatchUnit",
    "AgramMove",
    "AgramMoveValue",
    "AgramNextDeckDeal",
    "AgramNextHandsDeal",
    "AgramNextRandomDeal",
    "AgramNextSeedDeal",
    "AgramOpenPlayRequest",
    "AgramOpenStateRequest",
    "AgramOpenSuggestRequest",
    "AgramOpenViewRequest",
    "AgramOptions",
    "AgramPlay",
    "AgramPlayResponse",
    "AgramPlayReview",
    "AgramProblem",
    "AgramPublicState",
    "AgramPublicStateGame",
    "AgramRandomDeal",
    "AgramRecordReplay",
    "AgramRecordResponse",
    "AgramRecordsReplay",
    "AgramReplayRequest",
    "AgramReplayResult",
    "AgramReseated",
    "AgramReseatRequest",
    "AgramReview",
    "AgramScore",
    "AgramSealedPlayRequest",
    "AgramSealedStateRequest",
    "AgramSealedSuggestRequest",
    "AgramSealedViewRequest",
    "AgramSeatView",
    "AgramSeatViewGame",
    "AgramSeedDeal",
    "AgramSolution",
    "AgramSpectatorView",
    "AgramSpectatorViewGame",
    "AgramState",
    "AgramStateGame",
    "AgramStateResponse",
    "AgramSuggestion",
    "AgramTranscriptDeckDeal",
    "AgramTranscriptHandsDeal",
    "AgramTranscriptRandomDeal",
    "AgramTranscriptSeedDeal",
    "AgramTrick",
    "AgramTrickPlay",
    "AgramTrickRequest",
    "AgramTrickWinner",
    "AgramTrickWon",
    "AgramTrickWonType",
    "BotLevel",
    "Clock",
    "DealClock",
    "FapfapCard",
    "FapfapCardPlayed",
    "FapfapCardPlayedType",
    "FapfapCheckResult",
    "FapfapCompletedTrick",
    "FapfapDealRecord",
    "FapfapDeckDeal",
    "FapfapHandOver",
    "FapfapHandOverType",
    "FapfapHandsDeal",
    "FapfapHandTranscript",
    "FapfapLegalMoves",
    "FapfapMatch",
    "FapfapMatchOver",
    "FapfapMatchOverType",
    "FapfapMatchUnit",
    "FapfapMove",
    "FapfapMoveValue",
    "FapfapNextDeckDeal",
    "FapfapNextHandsDeal",
    "FapfapNextRandomDeal",
    "FapfapNextSeedDeal",
    "FapfapOpenPlayRequest",
    "FapfapOpenStateRequest",
    "FapfapOpenSuggestRequest",
    "FapfapOpenViewRequest",
    "FapfapOptions",
    "FapfapPlay",
    "FapfapPlayResponse",
    "FapfapPlayReview",
    "FapfapProblem",
    "FapfapPublicState",
    "FapfapPublicStateGame",
    "FapfapRandomDeal",
    "FapfapRecordReplay",
    "FapfapRecordResponse",
    "FapfapRecordsReplay",
    "FapfapReplayRequest",
    "FapfapReplayResult",
    "FapfapReseated",
    "FapfapReseatRequest",
    "FapfapReview",
    "FapfapScore",
    "FapfapSealedPlayRequest",
    "FapfapSealedStateRequest",
    "FapfapSealedSuggestRequest",
    "FapfapSealedViewRequest",
    "FapfapSeatView",
    "FapfapSeatViewGame",
    "FapfapSeedDeal",
    "FapfapSolution",
    "FapfapSpectatorView",
    "FapfapSpectatorViewGame",
    "FapfapState",
    "FapfapStateGame",
    "FapfapStateResponse",
    "FapfapSuggestion",
    "FapfapTranscriptDeckDeal",
    "FapfapTranscriptHandsDeal",
    "FapfapTranscriptRandomDeal",
    "FapfapTranscriptSeedDeal",
    "FapfapTrick",
    "FapfapTrickPlay",
    "FapfapTrickRequest",
    "FapfapTrickWinner",
    "FapfapTrickWon",
    "FapfapTrickWonType",
    "FieldErrors",
    "Game",
    "GameFamily",
    "GameList",
    "GetGameGame",
    "Health",
    "Option",
    "Players",
    "Problem",
    "ProblemType",
    "ProblemTypes",
    "Readiness",
    "SealedDeal",
    "SealedDealSource",
    "SeatCredential",
    "SeatReseated",
    "SeatReseatedType",
    "SinkSinkCard",
    "SinkSinkCardPlayed",
    "SinkSinkCardPlayedType",
    "SinkSinkCheckResult",
    "SinkSinkCompletedTrick",
    "SinkSinkDealRecord",
    "SinkSinkDeckDeal",
    "SinkSinkHandOver",
    "SinkSinkHandOverType",
    "SinkSinkHandsDeal",
    "SinkSinkHandTranscript",
    "SinkSinkLegalMoves",
    "SinkSinkMatch",
    "SinkSinkMatchOver",
    "SinkSinkMatchOverType",
    "SinkSinkMatchUnit",
    "SinkSinkMove",
    "SinkSinkMoveValue",
    "SinkSinkNextDeckDeal",
    "SinkSinkNextHandsDeal",
    "SinkSinkNextRandomDeal",
    "SinkSinkNextSeedDeal",
    "SinkSinkOpenPlayRequest",
    "SinkSinkOpenStateRequest",
    "SinkSinkOpenSuggestRequest",
    "SinkSinkOpenViewRequest",
    "SinkSinkOptions",
    "SinkSinkPlay",
    "SinkSinkPlayResponse",
    "SinkSinkPlayReview",
    "SinkSinkProblem",
    "SinkSinkPublicState",
    "SinkSinkPublicStateGame",
    "SinkSinkRandomDeal",
    "SinkSinkRecordReplay",
    "SinkSinkRecordResponse",
    "SinkSinkRecordsReplay",
    "SinkSinkReplayRequest",
    "SinkSinkReplayResult",
    "SinkSinkReseated",
    "SinkSinkReseatRequest",
    "SinkSinkReview",
    "SinkSinkScore",
    "SinkSinkSealedPlayRequest",
    "SinkSinkSealedStateRequest",
    "SinkSinkSealedSuggestRequest",
    "SinkSinkSealedViewRequest",
    "SinkSinkSeatView",
    "SinkSinkSeatViewGame",
    "SinkSinkSeedDeal",
    "SinkSinkSolution",
    "SinkSinkSpectatorView",
    "SinkSinkSpectatorViewGame",
    "SinkSinkState",
    "SinkSinkStateGame",
    "SinkSinkStateResponse",
    "SinkSinkSuggestion",
    "SinkSinkTranscriptDeckDeal",
    "SinkSinkTranscriptHandsDeal",
    "SinkSinkTranscriptRandomDeal",
    "SinkSinkTranscriptSeedDeal",
    "SinkSinkTrick",
    "SinkSinkTrickPlay",
    "SinkSinkTrickRequest",
    "SinkSinkTrickWinner",
    "SinkSinkTrickWon",
    "SinkSinkTrickWonType",
    "SparCard",
    "SparCardPlayed",
    "SparCardPlayedType",
    "SparCheckResult",
    "SparCompletedTrick",
    "SparDealRecord",
    "SparDeckDeal",
    "SparHandOver",
    "SparHandOverType",
    "SparHandsDeal",
    "SparHandTranscript",
    "SparLegalMoves",
    "SparMatch",
    "SparMatchOver",
    "SparMatchOverType",
    "SparMatchUnit",
    "SparMove",
    "SparMoveValue",
    "SparNextDeckDeal",
    "SparNextHandsDeal",
    "SparNextRandomDeal",
    "SparNextSeedDeal",
    "SparOpenPlayRequest",
    "SparOpenStateRequest",
    "SparOpenSuggestRequest",
    "SparOpenViewRequest",
    "SparOptions",
    "SparPlay",
    "SparPlayResponse",
    "SparPlayReview",
    "SparProblem",
    "SparPublicState",
    "SparPublicStateGame",
    "SparRandomDeal",
    "SparRecordReplay",
    "SparRecordResponse",
    "SparRecordsReplay",
    "SparReplayRequest",
    "SparReplayResult",
    "SparReseated",
    "SparReseatRequest",
    "SparReview",
    "SparScore",
    "SparSealedPlayRequest",
    "SparSealedStateRequest",
    "SparSealedSuggestRequest",
    "SparSealedViewRequest",
    "SparSeatView",
    "SparSeatViewGame",
    "SparSeedDeal",
    "SparSolution",
    "SparSpectatorView",
    "SparSpectatorViewGame",
    "SparState",
    "SparStateGame",
    "SparStateResponse",
    "SparSuggestion",
    "SparTranscriptDeckDeal",
    "SparTranscriptHandsDeal",
    "SparTranscriptRandomDeal",
    "SparTranscriptSeedDeal",
    "SparTrick",
    "SparTrickPlay",
    "SparTrickRequest",
    "SparTrickWinner",
    "SparTrickWon",
    "SparTrickWonType",
    "SupportedVersions",
)
