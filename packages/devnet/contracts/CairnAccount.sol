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
contract CairnAccount is SimpleAccount {
    bytes4 internal constant ERC1271_MAGIC_VALUE = 0x1626ba7e;
    bytes4 internal constant ERC1271_INVALID = 0xffffffff;
    bytes32 internal constant DOMAIN_TYPEHASH =
        keccak256("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)");
    bytes32 internal constant MESSAGE_TYPEHASH = keccak256("CairnAccountMessage(bytes32 hash)");

    /// What a session key may do. `selector` 0 allows a plain transfer (no calldata) only.
    struct Session {
        address target;
        bytes4 selector;
        uint128 valueLimit;
        uint48 validUntil;
    }

    mapping(address => Session) public sessions;

    event SessionGranted(address indexed key, address target, bytes4 selector, uint128 valueLimit, uint48 validUntil);
    event SessionRevoked(address indexed key);

    constructor(IEntryPoint anEntryPoint) SimpleAccount(anEntryPoint) {}

    function replaySafeHash(bytes32 hash) public view returns (bytes32) {
        bytes32 domainSeparator = keccak256(
            abi.encode(DOMAIN_TYPEHASH, keccak256("Cairn Account"), keccak256("1"), block.chainid, address(this))
        );
        return keccak256(abi.encodePacked("\x19\x01", domainSeparator, keccak256(abi.encode(MESSAGE_TYPEHASH, hash))));
    }

    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
        (address signer, ECDSA.RecoverError error,) = ECDSA.tryRecover(replaySafeHash(hash), signature);
        return error == ECDSA.RecoverError.NoError && signer == owner ? ERC1271_MAGIC_VALUE : ERC1271_INVALID;
    }

    /// By the owner, or by the account itself (a user operation the owner signed).
    function grantSession(address key, address target, bytes4 selector, uint128 valueLimit, uint48 validUntil) external onlyOwner {
        require(key != address(0) && key != owner, "session: bad key");
        // A session never reaches the account's own functions (it could grant itself more).
        require(target != address(this) && target != address(entryPoint()), "session: bad target");
        require(validUntil > block.timestamp, "session: expired");
        sessions[key] = Session(target, selector, valueLimit, validUntil);
        emit SessionGranted(key, target, selector, valueLimit, validUntil);
    }

    function revokeSession(address key) external onlyOwner {
        delete sessions[key];
        emit SessionRevoked(key);
    }

    /// The owner signs anything; a session key only its one kind of call, until its expiry.
    function _validateSignature(PackedUserOperation calldata userOp, bytes32 userOpHash)
    internal view override returns (uint256 validationData) {
        (address signer, ECDSA.RecoverError error,) =
            ECDSA.tryRecover(MessageHashUtils.toEthSignedMessageHash(userOpHash), userOp.signature);
        if (error != ECDSA.RecoverError.NoError) return SIG_VALIDATION_FAILED;
        if (signer == owner) return SIG_VALIDATION_SUCCESS;
        Session memory session = sessions[signer];
        if (session.validUntil == 0 || !_allowedBy(session, userOp.callData)) return SIG_VALIDATION_FAILED;
        return _packValidationData(false, session.validUntil, 0);
    }

    function _allowedBy(Session memory session, bytes calldata callData) internal pure returns (bool) {
        if (callData.length < 4 || bytes4(callData[:4]) != this.execute.selector) return false;
        (address dest, uint256 value, bytes memory func) = abi.decode(callData[4:], (address, uint256, bytes));
        if (dest != session.target || value > session.valueLimit) return false;
        if (session.selector == bytes4(0)) return func.length == 0;
        return func.length >= 4 && bytes4(func) == session.selector;
    }
}
