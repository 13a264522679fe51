// SPDX-License-Identifier: MIT
pragma solidity ^0.8.23;

import "@account-abstraction/contracts/samples/SimpleAccount.sol";

/// The frame key's smart account: SimpleAccount (v0.7) plus what it lacks for a wallet that signs
/// in and grants sessions.
/// - ERC-1271: a signature is the owner's EIP-712 signature of `replaySafeHash(hash)`, which names
///   this account and the chain, so one owner's signature for one of its accounts is not valid for
///   another (or on another chain).
/// - Session keys (the frame's wallet_grantPermissions): a key the owner grants may sign user
///   operations that make one kind of call (one target, one selector or a plain transfer, at most
///   a value per call) until it expires. The check is here, in validation: the bundler and the
///   EntryPoint refuse any other call the key signs, and the expiry is the validation's validUntil.
/// - A session's gas budget: the most, in wei, the key's own user operations may cost the account
///   in all. One the account pays for (no paymaster) is charged its prefund, every gas limit ×
///   maxFeePerGas (the most the EntryPoint may take for it), in validation; one that does not fit
///   what is left fails validation like a bad signature. A sponsored one is charged nothing.
/// - A session's allowance: the most the key may move in all (session 24). For a plain transfer or
///   any other call it counts the native value the calls carry; for an ERC-20 `transfer` or
///   `approve` session it counts the call's amount argument (in the token's units; such a session
///   carries no value). Like the gas budget it is spent in validation, the only place that knows
///   the key signed: so a call that then reverts has spent its share too (the site wasted it; the
///   key still never moves more than the total the owner approved). A call that does not fit
///   what is left fails validation like a bad signature.
/// - A session's token functions (session 25): ERC-20 `transferFrom(from, to, amount)` and
///   `increaseAllowance(spender, added)` are counted like `transfer` and `approve`, by their amount
///   (`transferFrom`'s whoever `from` is: what the key moves with the account's own balance or with
///   an allowance others gave the account). A grant refuses what no total bounds: `setApprovalForAll`,
///   `permit` (ERC-2612's and DAI's), ERC-721's and ERC-1155's `safeTransferFrom`s and batch,
///   ERC-777's `authorizeOperator`, Permit2's `approve` (its token is an argument); and a counted
///   session on an ERC-721 (ERC-165), whose `transferFrom` and `approve` take a token id, not an
///   amount. Any other function is bounded only by what it does (the grant screen says so).
contract CairnAccount is SimpleAccount {
    bytes4 internal constant ERC1271_MAGIC_VALUE = 0x1626ba7e;
    bytes4 internal constant ERC1271_INVALID = 0xffffffff;
    bytes32 internal constant DOMAIN_TYPEHASH =
        keccak256("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)");
    bytes32 internal constant MESSAGE_TYPEHASH = keccak256("CairnAccountMessage(bytes32 hash)");

    bytes4 internal constant ERC20_TRANSFER = 0xa9059cbb; // transfer(address,uint256)
    bytes4 internal constant ERC20_APPROVE = 0x095ea7b3; // approve(address,uint256)
    bytes4 internal constant ERC20_TRANSFER_FROM = 0x23b872dd; // transferFrom(address,address,uint256)
    bytes4 internal constant ERC20_INCREASE_ALLOWANCE = 0x39509351; // increaseAllowance(address,uint256)
    bytes4 internal constant SET_APPROVAL_FOR_ALL = 0xa22cb465; // setApprovalForAll(address,bool): ERC-721, ERC-1155
    bytes4 internal constant ERC2612_PERMIT = 0xd505accf; // permit(address,address,uint256,uint256,uint8,bytes32,bytes32)
    bytes4 internal constant DAI_PERMIT = 0x8fcbaf0c; // permit(address,address,uint256,uint256,bool,uint8,bytes32,bytes32)
    bytes4 internal constant ERC721_SAFE_TRANSFER_FROM = 0x42842e0e; // safeTransferFrom(address,address,uint256)
    bytes4 internal constant ERC721_SAFE_TRANSFER_FROM_DATA = 0xb88d4fde; // safeTransferFrom(address,address,uint256,bytes)
    bytes4 internal constant ERC1155_SAFE_TRANSFER_FROM = 0xf242432a; // safeTransferFrom(address,address,uint256,uint256,bytes)
    bytes4 internal constant ERC1155_SAFE_BATCH_TRANSFER_FROM = 0x2eb2c2d6; // safeBatchTransferFrom(address,address,uint256[],uint256[],bytes)
    bytes4 internal constant ERC777_AUTHORIZE_OPERATOR = 0x959b8c3f; // authorizeOperator(address)
    bytes4 internal constant PERMIT2_APPROVE = 0x87517c45; // approve(address,address,uint160,uint48)
    bytes4 internal constant ERC165_SUPPORTS_INTERFACE = 0x01ffc9a7; // supportsInterface(bytes4)
    bytes4 internal constant ERC721_INTERFACE = 0x80ac58cd;

    /// What a session key may do. `selector` 0 allows a plain transfer (no calldata) only.
    /// `gasBudget` is what is left of the wei its unsponsored operations may cost the account;
    /// `allowance` what is left of what it may move (see the contract's comment).
    /// (Two storage slots: target, selector and validUntil; valueLimit, gasBudget and allowance.
    /// uint64 holds 18.4 ETH: more than the frame grants per call or in gas; tokens need uint128.)
    struct Session {
        address target;
        bytes4 selector;
        uint48 validUntil;
        uint64 valueLimit;
        uint64 gasBudget;
        uint128 allowance;
    }

    mapping(address => Session) public sessions;

    event SessionGranted(address indexed key, address target, bytes4 selector, uint64 valueLimit, uint48 validUntil, uint64 gasBudget, uint128 allowance);
    event SessionRevoked(address indexed key);

    constructor(IEntryPoint anEntryPoint) SimpleAccount(anEntryPoint) {}

    function replaySafeHash(bytes32 hash) public view returns (bytes32) {
        bytes32 domainSeparator = keccak256(
            abi.encode(DOMAIN_TYPEHASH, keccak256("Cairn Account"), keccak256("1"), block.chainid, address(this))
        );
        return keccak256(abi.encodePacked("\x19\x01", domainSeparator, keccak256(abi.encode(MESSAGE_TYPEHASH, hash))));
    }

    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
        (address signer, ECDSA.RecoverError recoverError,) = ECDSA.tryRecover(replaySafeHash(hash), signature);
        return recoverError == ECDSA.RecoverError.NoError && signer == owner ? ERC1271_MAGIC_VALUE : ERC1271_INVALID;
    }

    /// By the owner, or by the account itself (a user operation the owner signed).
    function grantSession(address key, address target, bytes4 selector, uint64 valueLimit, uint48 validUntil, uint64 gasBudget, uint128 allowance)
    external onlyOwner {
        require(key != address(0) && key != owner, "session: bad key");
        // A session never reaches the account's own functions (it could grant itself more).
        require(target != address(this) && target != address(entryPoint()), "session: bad target");
        require(validUntil > block.timestamp, "session: expired");
        // Its allowance counts tokens, so value it carried would be bounded per call only.
        require(!_movesTokens(selector) || valueLimit == 0, "session: token call with value");
        require(!_unbounded(selector), "session: function no total bounds");
        // An ERC-721's transferFrom and approve take a token id where an ERC-20's take an amount.
        require(!_movesTokens(selector) || !_isErc721(target), "session: ERC-721 token");
        // A grant for a key already granted replaces it, budget and allowance included: the owner approved this one.
        sessions[key] = Session(target, selector, validUntil, valueLimit, gasBudget, allowance);
        emit SessionGranted(key, target, selector, valueLimit, validUntil, gasBudget, allowance);
    }

    function revokeSession(address key) external onlyOwner {
        delete sessions[key];
        emit SessionRevoked(key);
    }

    /// The owner signs anything; a session key only its one kind of call, until its expiry, and
    /// only while its allowance covers what the call moves and its gas budget what the account may
    /// pay for the operation. Writing both here is ERC-7562's STO-010: the account's own storage.
    function _validateSignature(PackedUserOperation calldata userOp, bytes32 userOpHash)
    internal override returns (uint256 validationData) {
        (address signer, ECDSA.RecoverError recoverError,) =
            ECDSA.tryRecover(MessageHashUtils.toEthSignedMessageHash(userOpHash), userOp.signature);
        if (recoverError != ECDSA.RecoverError.NoError) return SIG_VALIDATION_FAILED;
        if (signer == owner) return SIG_VALIDATION_SUCCESS;
        Session storage session = sessions[signer];
        uint48 validUntil = session.validUntil;
        if (validUntil == 0) return SIG_VALIDATION_FAILED;
        (bool allowed, uint256 moved) = _allowedBy(session.target, session.selector, session.valueLimit, userOp.callData);
        uint128 allowance = session.allowance;
        if (!allowed || moved > allowance) return SIG_VALIDATION_FAILED;
        uint256 cost = _paidByAccount(userOp.paymasterAndData) ? maxCost(userOp) : 0;
        uint64 budget = session.gasBudget;
        if (cost > budget) return SIG_VALIDATION_FAILED;
        if (moved != 0) session.allowance = allowance - uint128(moved);
        if (cost != 0) session.gasBudget = budget - uint64(cost);
        return _packValidationData(false, validUntil, 0);
    }

    /// The most the EntryPoint (v0.7) may take for the operation: its requiredPrefund, every gas
    /// limit (the paymaster's fields too, which it reads whenever paymasterAndData is 52 bytes or
    /// more) × maxFeePerGas.
    function maxCost(PackedUserOperation calldata userOp) public pure returns (uint256) {
        uint256 gas = UserOperationLib.unpackVerificationGasLimit(userOp) + UserOperationLib.unpackCallGasLimit(userOp)
            + userOp.preVerificationGas;
        if (userOp.paymasterAndData.length >= UserOperationLib.PAYMASTER_DATA_OFFSET) {
            gas += UserOperationLib.unpackPaymasterVerificationGasLimit(userOp) + UserOperationLib.unpackPostOpGasLimit(userOp);
        }
        return gas * UserOperationLib.unpackMaxFeePerGas(userOp);
    }

    /// The account pays unless a paymaster does: the EntryPoint takes the paymaster from the first
    /// 20 bytes, so paymasterAndData naming address 0 is the account paying (not a sponsor).
    function _paidByAccount(bytes calldata paymasterAndData) internal pure returns (bool) {
        return paymasterAndData.length < 20 || address(bytes20(paymasterAndData[:20])) == address(0);
    }

    /// Whether the operation's call is the session's kind, and what it moves: its value, or for a
    /// token session the amount argument of its `transfer(to, amount)`, `approve(spender, amount)`,
    /// `increaseAllowance(spender, added)` or `transferFrom(from, to, amount)`.
    function _allowedBy(address target, bytes4 selector, uint64 valueLimit, bytes calldata callData)
    internal pure returns (bool allowed, uint256 moved) {
        if (callData.length < 4 || bytes4(callData[:4]) != this.execute.selector) return (false, 0);
        (address dest, uint256 value, bytes memory func) = abi.decode(callData[4:], (address, uint256, bytes));
        if (dest != target || value > valueLimit) return (false, 0);
        if (selector == bytes4(0)) return (func.length == 0, value);
        if (func.length < 4 || bytes4(func) != selector) return (false, 0);
        uint256 end = _amountEnd(selector);
        if (end == 0) return (true, value);
        if (func.length < end) return (false, 0);
        uint256 amount;
        assembly {
            // func's bytes start after its length's word, so the word that ends `end` bytes in starts at func + end.
            amount := mload(add(func, end))
        }
        return (true, amount);
    }

    /// Where a token session's amount argument ends in the call's bytes (selector, then 32-byte
    /// words): the second word's end for transfer, approve, increaseAllowance; the third's for
    /// transferFrom. 0: the selector moves no counted amount.
    function _amountEnd(bytes4 selector) internal pure returns (uint256) {
        if (selector == ERC20_TRANSFER || selector == ERC20_APPROVE || selector == ERC20_INCREASE_ALLOWANCE) return 68;
        if (selector == ERC20_TRANSFER_FROM) return 100;
        return 0;
    }

    function _movesTokens(bytes4 selector) internal pure returns (bool) {
        return _amountEnd(selector) != 0;
    }

    /// What gives away more than any total can count: every token of a collection or of an
    /// allowance, a token by its id, or an allowance of a token the call names.
    function _unbounded(bytes4 selector) internal pure returns (bool) {
        return selector == SET_APPROVAL_FOR_ALL || selector == ERC2612_PERMIT || selector == DAI_PERMIT
            || selector == ERC721_SAFE_TRANSFER_FROM || selector == ERC721_SAFE_TRANSFER_FROM_DATA
            || selector == ERC1155_SAFE_TRANSFER_FROM || selector == ERC1155_SAFE_BATCH_TRANSFER_FROM
            || selector == ERC777_AUTHORIZE_OPERATOR || selector == PERMIT2_APPROVE;
    }

    /// Whether `target` says it is an ERC-721 (ERC-165). Read at the grant, in execution: a contract
    /// that answers nothing, or anything but true, is taken as not one. The grant must leave the
    /// probe its whole 30,000 gas (with EIP-150's 1/64 kept back, and the call's own cost): a probe
    /// starved by a low gas limit would read as "not one".
    function _isErc721(address target) internal view returns (bool) {
        require(gasleft() > 35_000, "session: out of gas");
        (bool ok, bytes memory answer) =
            target.staticcall{gas: 30_000}(abi.encodeWithSelector(ERC165_SUPPORTS_INTERFACE, ERC721_INTERFACE));
        return ok && answer.length >= 32 && abi.decode(answer, (uint256)) == 1;
    }
}
